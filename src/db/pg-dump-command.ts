/** A word for a POSIX shell: in single quotes, a quote inside written as '\''. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/**
 * The command that backs up the database at `url` into `file`, for an operator to run where the
 * server can be reached: PostgreSQL's own dump, in its custom format (pg_restore reads it), made
 * readable by its owner only (the umask set in a subshell, so the operator's shell keeps its own).
 * The password is left out, as the command is shown and may be logged: pg_dump asks for it, or
 * reads it from ~/.pgpass or PGPASSWORD.
 */
export function pgDumpCommand(url: string, file: string): string {
  const target = new URL(url);
  target.password = '';
  if (target.searchParams.has('password')) target.searchParams.delete('password');
  return `(umask 077 && pg_dump --format=custom --file=${shellWord(file)} ${shellWord(target.href)})`;
}
