import pg from 'pg';

// The ERP export and the webhooks' accepted-payments feed stop before the oldest transaction still
// open anywhere on the PostgreSQL server (export-store.ts, accepted-messages.ts), so that a payment
// committing late is never skipped. Test files run several at once, each on a database of its own
// on one server: a transaction of another file, begun before this file's payment was accepted,
// holds that payment back for the moment it stays open. In production that moment passes before
// the next export; a test that asserts the payment is exported at once would see it missing.
//
// So, in a test process, a statement that reads that bound first waits until no transaction of
// another database, older than this database's newest accepted payment, is still open: the server
// then looks as it would to this file alone. Transactions of the file's own database are not
// waited for (a test may hold one open to show the feed waits for it), and the wait gives up after
// a while, leaving the statement and what the test asserts of it unchanged.

const READS_THE_BOUND = 'pg_snapshot_xmin(pg_current_snapshot())';
const GIVE_UP_MS = 30_000;

const HELD_BY_ANOTHER_DATABASE = `
  select exists (
    select 1
    from pg_stat_activity a,
      (select accepted_txid from payments where accepted_txid is not null order by accepted_txid desc limit 1) p
    where a.datname is distinct from current_database() and a.backend_xid is not null
      and age(a.backend_xid) > age((p.accepted_txid::text::numeric % 4294967296)::text::xid)
  ) as held`;

const pools = new Map<string, pg.Pool>();

function poolFor(client: pg.Client): pg.Pool {
  const { host, port, user, password, database } = client as unknown as pg.ClientConfig & { database: string };
  let pool = pools.get(database);
  if (!pool) {
    // Idle, it lets the test process end.
    pool = new pg.Pool({ host, port, user, password, database, max: 1, allowExitOnIdle: true });
    pool.on('error', () => {});
    pools.set(database, pool);
  }
  return pool;
}

async function untilOtherDatabasesPass(client: pg.Client): Promise<void> {
  const pool = poolFor(client);
  const started = Date.now();
  while (Date.now() - started < GIVE_UP_MS) {
    const { rows } = await pool.query<{ held: boolean }>(HELD_BY_ANOTHER_DATABASE);
    if (!rows[0]?.held) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as Query;

(pg.Client.prototype as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
  const promised = typeof args.at(-1) !== 'function';
  if (!promised || typeof text !== 'string' || !text.includes(READS_THE_BOUND)) return query.apply(this, args);
  return untilOtherDatabasesPass(this).then(
    () => query.apply(this, args),
    () => query.apply(this, args),
  );
};
