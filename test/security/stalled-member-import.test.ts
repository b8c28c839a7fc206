import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { integrateBank, serviceOk } from '../support/service-http.js';
import { type ServiceProcess, startService, stopService } from '../support/service-process.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

// Finding: a member import read the register from the request as it arrived, inside its
// transaction. On the embedded database that transaction holds the only connection, so an upload
// that stalled half-way kept every bank call waiting until the upload's deadline (300 s). The
// register is now written to a private temporary file as it arrives, and imported from the file
// once it is all in.

const ROWS = 2_000;
const register = () => {
  const rows = Array.from({ length: ROWS }, (_, i) => `${7_900_000 + i},Member ${i},active`);
  return `customerRef,fullName,status\r\n${rows.join('\r\n')}\r\n`;
};

/** The upload files the service has in its temporary directory: the folder and file with their modes. */
function spooled(tmp: string) {
  return readdirSync(tmp)
    .filter((name) => name.startsWith('bis-upload-'))
    .flatMap((name) => {
      const dir = join(tmp, name);
      const file = join(dir, 'body');
      // The folder is made a moment before the file in it.
      if (!existsSync(file)) return [];
      return [
        { dirMode: statSync(dir).mode & 0o777, fileMode: statSync(file).mode & 0o777, size: statSync(file).size },
      ];
    });
}

describe('a stalled member import does not hold up the bank on the embedded database', () => {
  let root: string;
  let tmp: string;
  let service: ServiceProcess;
  let bankToken: string;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'bis-stall-'));
    // A temporary directory of the service's own, so the test can see what it writes there.
    tmp = join(root, 'tmp');
    mkdirSync(tmp, { mode: 0o700 });
    service = await startService({ BIS_DATA_DIR: join(root, 'data'), TMPDIR: tmp, DATABASE_URL: '' });
    bankToken = await integrateBank(service.url, 'Stall Bank', '7800001', 'Jane Wanjiru');
  });
  after(async () => {
    await stopService(service, 'SIGTERM');
    rmSync(root, { recursive: true, force: true });
  });

  // The guard ends a run that hangs; nothing here is timed.
  it('answers validate while an import upload is stalled half-way, then imports the register once it is all in', {
    timeout: 120_000,
  }, async () => {
    const body = Buffer.from(register());
    const half = Math.floor(body.length / 2);
    const { port } = new URL(service.url);
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    // Connection: close: the service closes the connection once it has answered.
    const answered = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    const head =
      'POST /admin/v1/members/import HTTP/1.1\r\nHost: bis\r\nContent-Type: text/csv\r\n' +
      `Authorization: Bearer ${ADMIN_TOKEN}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    socket.write(head);
    socket.write(body.subarray(0, half));

    // The service has read the first half: it is in a private file of its own, not in a transaction.
    for (;;) {
      const files = spooled(tmp);
      if (files.length === 1 && files[0]!.size === half) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(spooled(tmp), [{ dirMode: 0o700, fileMode: 0o600, size: half }]);

    for (let call = 0; call < 5; call++) {
      const validated = await serviceOk(
        service.url,
        'POST',
        '/bank/v1/validate',
        { customerRef: '7800001' },
        bankToken,
      );
      assert.equal(validated.customerName, 'Jane Wanjiru');
    }
    assert.equal(received, '', 'the import is still waiting for the rest of its file');
    assert.equal(socket.destroyed, false);

    socket.write(body.subarray(half));
    const answer = await answered;
    assert.match(answer, /^HTTP\/1\.1 200 /, answer);
    assert.match(answer, new RegExp(`"created":${ROWS}`));
    assert.deepEqual(spooled(tmp), [], 'the file is removed once imported');
    const member = await serviceOk(service.url, 'GET', '/admin/v1/members/7900001');
    assert.equal(member.fullName, 'Member 1');
  });
});
