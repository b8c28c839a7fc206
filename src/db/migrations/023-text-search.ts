import { type Kysely, sql } from 'kysely';

// The payments search by any text (src/payments/payments-search.ts) looks its text up in indexes
// of three-character pieces (the pg_trgm extension) instead of reading every payment and the whole
// member register: figures in docs/PERFORMANCE.md. They only make it faster, so a server without
// the extension, or a role that may not add it, gets none and the search reads the tables as
// before; the service says so at start, and docs/OPERATIONS.md how to add them later.
export async function up(db: Kysely<unknown>): Promise<void> {
  // pg_trgm is a trusted extension: the database's owner may add it, no superuser needed.
  const { rows } = await sql<{ installed: boolean; creatable: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
      exists (
        select 1 from pg_available_extension_versions v
          join pg_available_extensions a on a.name = v.name and a.default_version = v.version
        where v.name = 'pg_trgm'
          and (v.trusted and has_database_privilege(current_database(), 'CREATE')
            or (select rolsuper from pg_roles where rolname = current_user))
      ) as creatable`.execute(db);
  const [{ installed, creatable } = { installed: false, creatable: false }] = rows;
  if (!installed && !creatable) return;
  if (!installed) await sql`create extension pg_trgm`.execute(db);
  // Named in the extension's own schema, wherever it was added.
  const { rows: schemas } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trigrams = sql`${sql.id(schemas[0]?.schema ?? 'public')}.gin_trgm_ops`;
  // Built already when an administrator made them beforehand, without holding up the bank's writes
  // (docs/OPERATIONS.md).
  const statements = [
    // Every column a payment's own text is searched in, one index: a phone also by its digits alone,
    // which finds "0712 345 678" when "0712345678" is typed.
    sql`create index if not exists payments_text on payments using gin (transaction_reference ${trigrams},
      customer_ref ${trigrams}, member_number ${trigrams}, payer_name ${trigrams}, payer_phone ${trigrams},
      (regexp_replace(payer_phone, '\\D', '', 'g')) ${trigrams})`,
    // The members whose name holds the text, then their payments: by the member credited or, for a
    // payment not credited yet, the member its reference names, as the list shows the name.
    sql`create index if not exists members_full_name_text on members using gin (full_name ${trigrams})`,
    sql`create index if not exists payments_member_or_reference on payments ((coalesce(member_number, customer_ref)))`,
  ];
  for (const statement of statements) await statement.execute(db);
  // The planner's figures for the new index's expression (how many payments a member has), without
  // which it would read every payment to find a few members' payments.
  await sql`analyze payments`.execute(db);
}
