/**
 * What to do about a PostgreSQL server that refuses the service at start, in the commands an IT
 * person would run: the server says what is wrong, but not how to put it right.
 */
export function setupAdvice(error: unknown, databaseUrl: string): string | undefined {
  const code = codeOf(error);
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return undefined;
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'bis';
  const role = decodeURIComponent(url.username) || 'bis';
  const server = `${url.hostname}:${url.port || '5432'}`;
  switch (code) {
    case '3D000':
      return (
        `the database "${database}" does not exist on ${server}. As a PostgreSQL superuser, create it, owned by the ` +
        `service's role:\n    createdb --owner=${role} ${database}\n  or in psql:  CREATE DATABASE ${database} OWNER ${role};`
      );
    case '42501':
      return (
        `the role "${role}" may not create tables in the database "${database}". Make it the database's owner:\n` +
        `    psql -d ${database} -c 'ALTER DATABASE ${database} OWNER TO ${role}; ALTER SCHEMA public OWNER TO ${role};'\n` +
        `  or grant it the schema:  psql -d ${database} -c 'GRANT USAGE, CREATE ON SCHEMA public TO ${role};'`
      );
    case '28000':
    case '28P01':
      return (
        `the server refused the role "${role}": it does not exist, its password is wrong, or pg_hba.conf does not ` +
        `let it in from here. Create it with:  psql -c "CREATE ROLE ${role} LOGIN PASSWORD '…';"`
      );
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return `nothing answers at ${server}: is PostgreSQL running there, and does DATABASE_URL name the right host and port?`;
    default:
      return undefined;
  }
}

/** The SQLSTATE or socket error code of an error or of what caused it. */
function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}
