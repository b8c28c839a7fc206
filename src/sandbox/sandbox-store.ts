import { type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { SandboxPaymentsTable } from './sandbox-tables.js';

export type TestPaymentRow = Selectable<SandboxPaymentsTable> & { client_name: string | null };
/** A test payment's webhook message, with where it goes. */
export interface TestMessageRow {
  endpoint_id: string;
  url: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  last_status_code: number | null;
  attempts: number;
}

export type NewTestPayment = Omit<Selectable<SandboxPaymentsTable>, 'id' | 'attempts'>;

const UNIQUE_VIOLATION = '23505';

/** The insert lost a race: another request took the (client, reference) or the receipt first. */
export const isTaken = (error: unknown) => (error as { code?: string } | null)?.code === UNIQUE_VIOLATION;

/** The sandbox clients' own tables: nothing here reads or writes a live member or payment. */
export function createSandboxStore(db: Db) {
  const withClientName = (ex: Executor) =>
    ex
      .selectFrom('sandbox_payments as p')
      .leftJoin('clients as c', 'c.id', 'p.client_id')
      .selectAll('p')
      .select('c.name as client_name');

  return {
    async recordValidation(clientId: string, memberNumber: string, at: Date): Promise<void> {
      await db
        .insertInto('sandbox_validations')
        .values({ client_id: clientId, member_number: memberNumber, validated_at: at })
        .execute();
    },

    async validatedBetween(clientId: string, memberNumber: string, since: Date, until: Date, ex: Executor) {
      const row = await ex
        .selectFrom('sandbox_validations')
        .select(sql`1`.as('one'))
        .where('client_id', '=', clientId)
        .where('member_number', '=', memberNumber)
        .where('validated_at', '>=', since)
        .where('validated_at', '<=', until)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The payment under the client's reference, locked until the transaction ends. */
    findForUpdate(clientId: string, reference: string, tx: Executor) {
      return withClientName(tx)
        .where('p.client_id', '=', clientId)
        .where('p.transaction_reference', '=', reference)
        .forUpdate('p')
        .executeTakeFirst();
    },

    async insert(payment: NewTestPayment, tx: Executor): Promise<number> {
      const { id } = await tx.insertInto('sandbox_payments').values(payment).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** A held test payment evaluated again takes the new notification's details and verdict. */
    async replace(id: number, payment: NewTestPayment, tx: Executor): Promise<void> {
      const { client_id, transaction_reference, received_at, ...changes } = payment;
      await tx
        .updateTable('sandbox_payments')
        .set({ ...changes, attempts: sql`attempts + 1` })
        .where('id', '=', id)
        .execute();
    },

    find(id: number, ex: Executor): Promise<TestPaymentRow | undefined> {
      return withClientName(ex).where('p.id', '=', id).executeTakeFirst();
    },

    /** The client's test payments, newest first: one page, and one row more when there is another. */
    listOfClient(clientId: string, limit: number, beforeId: number | undefined): Promise<TestPaymentRow[]> {
      let query = withClientName(db).where('p.client_id', '=', clientId);
      if (beforeId !== undefined) query = query.where('p.id', '<', beforeId);
      return query
        .orderBy('p.id', 'desc')
        .limit(limit + 1)
        .execute();
    },

    /** The webhook messages of the test payment with this receipt, in the order written. */
    testMessagesOf(erpRefId: string): Promise<TestMessageRow[]> {
      return db
        .selectFrom('webhook_messages as m')
        .innerJoin('webhook_endpoints as w', 'w.id', 'm.endpoint_id')
        .select(['m.endpoint_id', 'w.url', 'm.event_type', 'm.status', 'm.last_status_code', 'm.attempts'])
        .where('m.livemode', '=', false)
        .where(sql<string>`m.payload ->> 'erpRefId'`, '=', erpRefId)
        .orderBy('m.id')
        .execute();
    },

    /** Removes test payments and validations received before `before`; how many payments went. */
    async prune(before: Date): Promise<number> {
      await db.deleteFrom('sandbox_validations').where('validated_at', '<', before).execute();
      // Their webhook messages hold the whole test payment: they go with it.
      await db.deleteFrom('webhook_messages').where('livemode', '=', false).where('occurred_at', '<', before).execute();
      const result = await db.deleteFrom('sandbox_payments').where('received_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
