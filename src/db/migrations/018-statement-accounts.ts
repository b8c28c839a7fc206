import { type Kysely, sql } from 'kysely';

// A statement file may hold several accounts, each reconciled on its own; a bank may say which
// accounts are its own; a line says where its reference was found; a payment of a period's last
// hours that is not on the statement is told apart, as it may be on the next one.
const statements = [
  sql`alter table clients add column statement_accounts text[] not null default '{}'`,
  sql`alter table reconciliations add column accounts jsonb not null default '[]'`,
  // Runs made before: one account, taken as the bank's.
  sql`update reconciliations set accounts = jsonb_build_array(jsonb_build_object(
    'accountId', account_id, 'currency', currency,
    'period', case when period_from is null then null
      else jsonb_build_object('from', period_from::text, 'to', period_to::text) end,
    'lines', lines, 'credits', credits, 'ofThisBank', true, 'totals', totals))`,
  // The account part of the file (1 = the first it names) each line and each payment not on it belongs to.
  sql`alter table reconciliation_lines add column account_part smallint`,
  sql`alter table reconciliation_not_on_statement add column account_part smallint`,
  sql`alter table reconciliation_lines add column account_id text`,
  sql`alter table reconciliation_lines add column date_from_statement boolean not null default false`,
  sql`alter table reconciliation_lines add column found_in text`,
  sql`alter table reconciliation_lines drop constraint reconciliation_lines_category_check`,
  sql`alter table reconciliation_lines add constraint reconciliation_lines_category_check
    check (category in ('matched', 'amount_mismatch', 'held', 'missing_notification', 'other_account'))`,
  sql`alter table reconciliation_not_on_statement add column next_statement boolean not null default false`,
  // "Has any run found this payment on a statement?" is asked of every payment of a period.
  sql`create index reconciliation_lines_of_payment on reconciliation_lines (payment_id) where payment_id is not null`,
  // "Which runs have listed this payment, and how?": a payment left for the next statement is asked for until one has.
  sql`create index reconciliation_not_on_statement_of_payment on reconciliation_not_on_statement (payment_id, next_statement)`,
  // References are matched whatever their case: a statement may print the notified reference in capitals.
  sql`create index payments_client_reference_upper on payments (client_id, upper(transaction_reference))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
