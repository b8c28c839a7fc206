import { type Kysely, sql } from 'kysely';

// A member's seven digits are called the Member Number everywhere inside the service; the bank's
// `customerRef` is what a notification says, which for a held payment may name no member.
const statements = [
  sql`alter table members rename column customer_ref to member_number`,
  sql`alter table validations rename column customer_ref to member_number`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
