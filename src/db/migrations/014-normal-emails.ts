import { type Kysely, sql } from 'kysely';

// One form of an email for finding an account, counting its failed sign-ins and naming it in the
// audit: trimmed, lower-cased and NFC (src/operators/emails.ts, copied here as it was, since a
// migration must not change with the code). Accounts were keyed by the lower-cased email alone.
const normalEmail = (typed: string) => typed.trim().toLowerCase().normalize('NFC');

const UNIQUE_VIOLATION = '23505';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; email: string; email_key: string }>`
    select id, email, email_key from operators order by created_at, id`.execute(db);
  for (const row of rows) {
    const email = row.email.trim().normalize('NFC');
    const key = normalEmail(email);
    if (email === row.email && key === row.email_key) continue;
    await sql`update operators set email = ${email} where id = ${row.id}`.execute(db);
    try {
      await sql`savepoint email_key`.execute(db);
      await sql`update operators set email_key = ${key} where id = ${row.id}`.execute(db);
      await sql`release savepoint email_key`.execute(db);
    } catch (error) {
      // Two accounts whose emails differ only in their Unicode form: the older keeps the key, the
      // newer keeps its old one (an admin can tell them apart in the operator list).
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      await sql`rollback to savepoint email_key`.execute(db);
    }
  }
  // Failed sign-ins named whatever was typed as the email, which may be a password typed into the
  // wrong field: a record names the account's key now, or that no account has the email.
  await sql`
    update audit_events a set target = coalesce(
      (select o.email_key from operators o where o.email_key = normalize(trim(a.target), NFC)),
      '(no such account)')
    where a.action = 'operator.sign_in_failed'`.execute(db);
  // The throttles keep their keys hashed from now on; these rows hold what was typed.
  await sql`delete from auth_failures`.execute(db);
}
