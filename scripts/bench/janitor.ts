// Cleans up after `npm run bench` when the bench itself cannot: killed outright (SIGKILL, which
// tsx sends its script when the script is slow to acknowledge a Ctrl-C on a busy machine), or
// crashed. It runs detached, out of reach of the terminal's Ctrl-C, and reads what to undo from
// its standard input, one JSON object a line:
//   {"pid": 123}                                    a process to kill
//   {"database": {"server": "postgres://…", "name": "bis_bench_…"}}   a database to drop
//   {"path": "/tmp/bis-bench-…"}                    a directory to remove
//   {"done": true}                                  the bench cleaned up itself: nothing to do
// When its input ends without "done" (the bench is gone), it undoes everything it was told.
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';

interface Note {
  pid?: number;
  database?: { server: string; name: string };
  path?: string;
  done?: boolean;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {});

const pids: number[] = [];
const databases: Array<{ server: string; name: string }> = [];
const paths: string[] = [];
let done = false;
for await (const line of createInterface({ input: process.stdin })) {
  try {
    const note = JSON.parse(line) as Note;
    if (note.pid) pids.push(note.pid);
    if (note.database && /^[a-z0-9_]+$/.test(note.database.name)) databases.push(note.database);
    if (note.path) paths.push(note.path);
    if (note.done) done = true;
  } catch {
    // not a note
  }
}
if (!done) {
  const say = (message: string) => process.stderr.write(`bench janitor: ${message}\n`);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
      say(`killed ${pid}`);
    } catch {
      // already gone
    }
  }
  for (const { server, name } of databases) {
    const client = new pg.Client({ connectionString: server });
    try {
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      say(`dropped database ${name}`);
    } catch (error) {
      say(`could not drop database ${name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  for (const path of paths) {
    rmSync(path, { recursive: true, force: true });
    say(`removed ${path}`);
  }
}
process.exit(0);
