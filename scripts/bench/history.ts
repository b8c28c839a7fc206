// `npm run bench -- --scale`: a year of earlier payments, written straight into the database
// before the service starts.
//
// A million notifications through the HTTP API would take longer than the whole bench, and the
// API has no bulk route for payments. So the rows are inserted with SQL, on the service's own
// schema (its migrations, run here with its own code), shaped like the rows the service writes
// (payments-store.ts): accepted with an eight-character receipt from the receipt alphabet and the
// inserting transaction as accepted_txid, one in fifty held as not validated, the raw
// notification kept as JSON text. They belong to an earlier bank, a client row inserted here,
// and name the members the bench imports afterwards through the API. It happens before the
// service starts because the embedded database allows one process at a time (its data
// directory is locked), and is done the same way on PostgreSQL so both runs load the same data.
import { sql } from 'kysely';
import { type DatabaseOptions, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { RECEIPT_ALPHABET, RECEIPT_LENGTH } from '../../src/payments/receipt-number.js';
import { randomId } from '../../src/secrets.js';
import { FIRST_MEMBER } from './setup.js';

const BATCH = 100_000;
const RECEIPTS = BigInt(RECEIPT_ALPHABET.length) ** BigInt(RECEIPT_LENGTH);
// Coprime with the number of receipts, so i -> i * STEP mod RECEIPTS gives every row its own receipt.
const STEP = 2_654_435_761n;

// The receipt of row i as SQL: x written in base 31 with the receipt alphabet (constants only).
const receipt = sql.raw(
  Array.from(
    { length: RECEIPT_LENGTH },
    (_, k) =>
      `substr('${RECEIPT_ALPHABET}', ((x / ${BigInt(RECEIPT_ALPHABET.length) ** BigInt(k)}) % ${RECEIPT_ALPHABET.length})::int + 1, 1)`,
  ).join(' || '),
);

/** Inserts `count` payments spread over the last year (one every 30 s), naming `members` members. */
export async function loadEarlierPayments(
  options: DatabaseOptions,
  count: number,
  members: number,
  progress: (message: string) => void,
): Promise<void> {
  const database = await openDatabase(options);
  try {
    const { db } = database;
    await migrateToLatest(db);
    const clientId = randomId();
    await sql`insert into clients (id, name, created_at) values (${clientId}, 'Earlier Bank (bench history)', now() - interval '1 year')`.execute(
      db,
    );
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      await sql`
        insert into payments (client_id, transaction_reference, payment_type, customer_ref, amount, currency,
          transaction_date, payer_name, payer_phone, narration, status, member_number, held_reason, erp_ref_id,
          raw_notification, received_at, updated_at, accepted_at, accepted_txid)
        select ${clientId}, ref, type, member, amount, 'KES', at, payer, phone, narration,
          case when held then 'held' else 'accepted' end,
          case when held then null else member end,
          case when held then 'not_validated' end,
          case when held then null else ${receipt} end,
          json_build_object('transactionReference', ref, 'paymentType', type, 'customerRef', member,
            'amount', amount::text, 'payerName', payer, 'payerPhone', phone, 'narration', narration)::text,
          at, at,
          case when held then null else at end,
          case when held then null else pg_current_xact_id() end
        from (
          select 'HIST' || lpad(i::text, 10, '0') as ref,
            (array['MPESA', 'RTGS', 'PESALINK', 'BRANCH'])[1 + i % 4] as type,
            (${FIRST_MEMBER} + (i * 7919) % ${members})::text as member,
            (100 + (i % 997) * 25)::numeric(15, 2) as amount,
            now() - make_interval(secs => (${count} - i) * 30) as at,
            'Payer ' || i as payer,
            '2547' || lpad((i % 100000000)::text, 8, '0') as phone,
            'Contribution ' || i as narration,
            i % 50 = 0 as held,
            (i * ${sql.raw(String(STEP))}) % ${sql.raw(String(RECEIPTS))} as x
          from generate_series(${from}::bigint, ${to}::bigint) as i
        ) as p`.execute(db);
      progress(`earlier payments: ${to.toLocaleString('en')} of ${count.toLocaleString('en')}`);
    }
    // A database that gathered a year of payments has planner statistics on them.
    await sql`analyze payments`.execute(db);
  } finally {
    await database.close();
  }
}
