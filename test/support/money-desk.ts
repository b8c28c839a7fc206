import assert from 'node:assert/strict';
import { before } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from './bank.js';
import type { DatabaseKind } from './databases.js';
import { ADMIN_TOKEN, json, useTestApp } from './test-app.js';

export type Bank = { clientId: string; token: string; clientSecret: string };

// Member Numbers and references are unique per call so tests sharing one app never see each other's rows.
let memberSequence = 6_000_000;
let referenceSequence = 0;
export const newMemberNumber = () => String(++memberSequence);
export const newReference = (prefix = 'FT') =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${++referenceSequence}`;

/** An active member the bank has validated (a new number unless one is given): a payment for them is accepted. */
export async function payableMember(
  app: FastifyInstance,
  bank: Bank,
  fullName = 'Amina Otieno',
  customerRef = newMemberNumber(),
): Promise<string> {
  await putMember(app, customerRef, fullName);
  const validated = await bankCall(app, bank.token, 'validate', { customerRef });
  assert.equal(validated.statusCode, 200, validated.body);
  return customerRef;
}

/** A new member, stored with that name and status, whom no bank has validated. */
export async function unvalidatedMember(
  app: FastifyInstance,
  { fullName = 'Amina Otieno', status = 'active' } = {},
): Promise<string> {
  const customerRef = newMemberNumber();
  await putMember(app, customerRef, fullName, status);
  return customerRef;
}

/**
 * The suite's app (see useTestApp), and a bank with a token and a member it has not validated,
 * made before the suite's tests; `scene()` gives the two once made.
 */
export function useBankAndMember(kind: DatabaseKind, bankName: string, fullName: string) {
  const t = useTestApp(kind);
  let made: { bank: Bank; member: string } | undefined;
  before(async () => {
    made = { bank: await bankWithToken(t.app, bankName), member: await unvalidatedMember(t.app, { fullName }) };
  });
  return { t, scene: () => made! };
}

export async function acceptedPayment(app: FastifyInstance, bank: Bank, overrides: Record<string, unknown> = {}) {
  const member = await payableMember(app, bank);
  const body = paymentBody(member, { transactionReference: newReference(), ...overrides });
  const response = await bankCall(app, bank.token, 'payments', body);
  assert.equal(response.statusCode, 200, response.body);
  return { body, member, erpRefId: json(response).erpRefId as string };
}

/**
 * Two accepted payments of `day` (Nairobi time) that a statement shows with other amounts: 1500.00
 * booked as 1450.00 (50.00 short) and 200.00 as 250.50 (50.50 over); `entries` are those two lines.
 */
export async function mismatchedPair(app: FastifyInstance, bank: Bank, day: string) {
  const short = await acceptedPayment(app, bank, { amount: '1500.00', transactionDate: `${day}T09:00:00+03:00` });
  const over = await acceptedPayment(app, bank, { amount: '200.00', transactionDate: `${day}T10:00:00+03:00` });
  const entries: Entry[] = [
    { date: day, amount: '1450.00', credit: true, reference: referenceOf(short) },
    { date: day, amount: '250.50', credit: true, reference: referenceOf(over) },
  ];
  return { short, over, entries };
}

/** The reference a payment made by acceptedPayment or heldPayment was notified under. */
export const referenceOf = (payment: { body: Record<string, unknown> }) => payment.body.transactionReference as string;

/** A payment held because its customerRef names no member; its paymentId read back from the list. */
export async function heldPayment(app: FastifyInstance, bank: Bank, overrides: Record<string, unknown> = {}) {
  const body = paymentBody('9999999', { transactionReference: newReference('HELD'), ...overrides });
  const response = await bankCall(app, bank.token, 'payments', body);
  assert.equal(response.statusCode, 404, response.body);
  const payment = await paymentByReference(app, body.transactionReference as string);
  assert.equal(payment.status, 'held');
  return { body, paymentId: payment.paymentId as number, response };
}

export async function paymentByReference(app: FastifyInstance, transactionReference: string) {
  const listed = await admin(app, 'GET', `/payments?transactionReference=${encodeURIComponent(transactionReference)}`);
  assert.equal(listed.statusCode, 200, listed.body);
  const [payment] = json(listed).items;
  assert.ok(payment, `a payment with reference ${transactionReference}`);
  return payment;
}

/** Every record of an export, as JSON objects, and its cursors. */
export async function exportRecords(app: FastifyInstance, query: Record<string, string> = {}) {
  const response = await admin(app, 'GET', `/payments/export?${new URLSearchParams({ format: 'ndjson', ...query })}`);
  assert.equal(response.statusCode, 200, response.body);
  const records = response.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return {
    records,
    nextCursor: response.headers['next-cursor'] as string | undefined,
    feedCursor: response.headers['feed-cursor'] as string | undefined,
  };
}

/**
 * The export once it holds a record the test just made. The export stops before the oldest
 * transaction still open on the whole PostgreSQL server (so a payment committing late is never
 * skipped), and other test files' databases share that server: a payment may wait a moment.
 */
export async function exportRecordsHolding(app: FastifyInstance, wanted: (record: Record<string, unknown>) => boolean) {
  for (let attempt = 0; ; attempt++) {
    const exported = await exportRecords(app);
    if (exported.records.some(wanted) || attempt === 100) return exported;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One entry of a statement built for a test. */
export interface Entry {
  /** YYYY-MM-DD */
  date: string;
  amount: string;
  credit: boolean;
  reference: string;
  narration?: string;
}

/** A credit under a reference of the bank's own: whose payment it is, only its narration says. */
export const creditWithNarration = (date: string, amount: string, narration: string): Entry => ({
  date,
  amount,
  credit: true,
  reference: newReference('BANK'),
  narration,
});

const yymmdd = (date: string) => date.slice(2).replace(/-/g, '');
const comma = (amount: string) => amount.replace('.', ',');

/** An MT940 statement as a bank portal exports it: envelope, CRLF, :61: with the bank's reference after //. */
export function mt940(entries: readonly Entry[], period: { from: string; to: string }): string {
  const lines = [
    '{1:F01EQBLKENAAXXX0000000000}{2:I940EQBLKENAXXXXN}{4:',
    ':20:STMT0001',
    ':25:0123456789012',
    ':28C:00327/1',
    `:60F:C${yymmdd(period.from)}KES0,00`,
  ];
  for (const entry of entries) {
    lines.push(
      `:61:${yymmdd(entry.date)}${yymmdd(entry.date).slice(2)}${entry.credit ? 'C' : 'D'}${comma(entry.amount)}NMSCNONREF//${entry.reference}`,
    );
    lines.push(`:86:${entry.narration ?? 'MPESA C2B PAYMENT'}`);
  }
  lines.push(`:62F:C${yymmdd(period.to)}KES0,00`, '-}');
  return `${lines.join('\r\n')}\r\n`;
}

/** A camt.053.001.02 statement with the period stated and one Ntry per entry, the reference as AcctSvcrRef. */
export function camt053(entries: readonly Entry[], period: { from: string; to: string }): string {
  const ntry = (entry: Entry) => `
      <Ntry>
        <Amt Ccy="KES">${entry.amount}</Amt>
        <CdtDbtInd>${entry.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${entry.date}</Dt></BookgDt>
        <ValDt><Dt>${entry.date}</Dt></ValDt>
        <AcctSvcrRef>${entry.reference}</AcctSvcrRef>
        <AddtlNtryInf>${entry.narration ?? 'MPESA C2B PAYMENT'}</AddtlNtryInf>
      </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG1</MsgId><CreDtTm>${period.to}T23:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT1</Id>
      <CreDtTm>${period.to}T23:00:00Z</CreDtTm>
      <FrToDt><FrDtTm>${period.from}T00:00:00</FrDtTm><ToDtTm>${period.to}T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><Othr><Id>0100012345678</Id></Othr></Id><Ccy>KES</Ccy></Acct>${entries.map(ntry).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** A bank's CSV export: day-first dates, separate credit and debit columns, a title line above the table. */
export function csvStatement(entries: readonly Entry[]): string {
  const rows = entries.map((entry) => {
    const [y, m, d] = entry.date.split('-');
    const amount = Number(entry.amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    return `${d}/${m}/${y},"${entry.narration ?? 'MPESA C2B PAYMENT'}",${entry.reference},${entry.credit ? `"${amount}"` : ''},${entry.credit ? '' : `"${amount}"`}`;
  });
  return ['ACCOUNT STATEMENT 0123456789012', 'Date,Details,Bank Ref,Credit,Debit', ...rows].join('\r\n');
}

export const CSV_MAPPING = {
  skipLines: 1,
  date: 'Date',
  dateFormat: 'DD/MM/YYYY',
  reference: 'Bank Ref',
  credit: 'Credit',
  debit: 'Debit',
  narration: 'Details',
};

export type Format = 'mt940' | 'camt053' | 'csv';

export function statementOf(format: Format, entries: readonly Entry[], period: { from: string; to: string }) {
  if (format === 'mt940') return mt940(entries, period);
  if (format === 'camt053') return camt053(entries, period);
  return csvStatement(entries);
}

/** The items of a reconciliation run, as the admin API lists them (`query` such as "?category=matched"). */
export async function reconciliationItems(app: FastifyInstance, reconciliationId: number, query = ''): Promise<any[]> {
  return json(await admin(app, 'GET', `/reconciliations/${reconciliationId}${query}`)).items;
}

/** How many reconciliation runs are kept. */
export const reconciliationRunCount = async (app: FastifyInstance): Promise<number> =>
  json(await admin(app, 'GET', '/reconciliations?limit=500')).items.length;

/** Reconciles an MT940 statement of these entries: the run, and its items as the admin API lists them. */
export async function reconcileMt940<Item = any>(
  app: FastifyInstance,
  clientId: string,
  entries: readonly Entry[],
  period: { from: string; to: string },
): Promise<{ run: any; items: Item[] }> {
  const run = json(await reconcile(app, clientId, 'mt940', mt940(entries, period)));
  return { run, items: await reconciliationItems(app, run.reconciliationId) };
}

export function reconcile(
  app: FastifyInstance,
  clientId: string,
  format: Format,
  file: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/admin/v1/reconciliations?clientId=${encodeURIComponent(clientId)}&format=${format}`,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': format === 'camt053' ? 'application/xml' : format === 'csv' ? 'text/csv' : 'text/plain',
      ...headers,
    },
    payload: file,
  });
}
