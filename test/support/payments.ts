import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { RECEIPT_ALPHABET, RECEIPT_LENGTH } from '../../src/payments/receipt-number.js';
import { admin, bankCall, paymentBody, tokenFor } from './bank.js';
import { type Bank, payableMember } from './money-desk.js';
import { json } from './test-app.js';

// What the tests of POST /bank/v1/payments share: how to send, and what the answers and the
// stored payments must look like.

export type Body = Record<string, unknown>;

/** A receipt (erpRefId): eight characters of the receipt alphabet. */
export const RECEIPT = new RegExp(`^[${RECEIPT_ALPHABET}]{${RECEIPT_LENGTH}}$`);

export const CUSTOMER_NOT_FOUND = { resultCode: 1, message: 'Customer not found' };
export const NOT_VALIDATED = { resultCode: 2, message: 'Customer not validated' };
/** The 409 to a reference accepted with other details: it names the receipt of the payment that stands. */
export const duplicateOf = (erpRefId: string) => ({
  resultCode: 3,
  message: 'Duplicate transactionReference',
  erpRefId,
});

export function validate(app: FastifyInstance, bank: Bank, customerRef: string) {
  return bankCall(app, bank.token, 'validate', { customerRef });
}

export function pay(app: FastifyInstance, bank: Bank, body: Body | string) {
  return bankCall(app, bank.token, 'payments', body);
}

// The manual clock also ages access tokens (one hour), so a bank needs a fresh one after the clock moves.
export async function renewToken(app: FastifyInstance, bank: Bank): Promise<void> {
  bank.token = await tokenFor(app, bank.clientId, bank.clientSecret);
}

export function assertAccepted(response: LightMyRequestResponse, transactionReference: string): string {
  assert.equal(response.statusCode, 200, response.body);
  const body = json(response);
  assert.deepEqual(Object.keys(body).sort(), ['erpRefId', 'message', 'resultCode', 'transactionReference']);
  assert.equal(body.resultCode, 0);
  assert.equal(body.message, 'Payment accepted');
  assert.equal(body.transactionReference, transactionReference);
  assert.match(body.erpRefId, RECEIPT);
  return body.erpRefId;
}

export function assertAnswer(
  response: LightMyRequestResponse,
  status: number,
  body: { resultCode: number; message: string; erpRefId?: string },
) {
  assert.equal(response.statusCode, status, response.body);
  assert.deepEqual(json(response), body);
}

/** A payment accepted for a member the bank has just validated, its 200 answer checked in full. */
export async function payValidatedMember(app: FastifyInstance, bank: Bank) {
  const member = await payableMember(app, bank);
  const body = paymentBody(member);
  const erpRefId = assertAccepted(await pay(app, bank, body), body.transactionReference);
  return { member, body, erpRefId };
}

/** 400 with resultCode 4 and a message naming the field first, as "<field>: <problem>". */
export function assertInvalid(response: LightMyRequestResponse, field: string | RegExp) {
  assert.equal(response.statusCode, 400, response.body);
  const body = json(response);
  assert.deepEqual(Object.keys(body).sort(), ['message', 'resultCode']);
  assert.equal(body.resultCode, 4);
  assert.equal(typeof body.message, 'string');
  if (typeof field === 'string') {
    assert.ok(body.message.startsWith(`${field}: `), `message "${body.message}" should start with "${field}: "`);
    assert.ok(body.message.length > field.length + 2, `message "${body.message}" should say what is wrong`);
  } else {
    assert.match(body.message, field);
  }
}

/** The payment as the admin API shows it, by its receipt. */
export async function receipt(app: FastifyInstance, erpRefId: string) {
  const response = await admin(app, 'GET', `/payments/${erpRefId}`);
  assert.equal(response.statusCode, 200, response.body);
  return json(response);
}

/** The payment as stored, without the history that each re-send adds to. */
export async function stored(app: FastifyInstance, erpRefId: string) {
  const { history: _history, ...payment } = await receipt(app, erpRefId);
  return payment;
}

/** Every page of the admin payment list for a query. */
export async function listPayments(app: FastifyInstance, query: Record<string, string> = {}): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: '500', ...(cursor ? { cursor } : {}) });
    const response = await admin(app, 'GET', `/payments?${params}`);
    assert.equal(response.statusCode, 200, response.body);
    const page = json(response);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

export async function recordsFor(
  app: FastifyInstance,
  clientId: string,
  transactionReference: string,
  query: Record<string, string> = {},
) {
  const all = await listPayments(app, query);
  return all.filter((p) => p.clientId === clientId && p.transactionReference === transactionReference);
}

export async function assertHeld(app: FastifyInstance, bank: Bank, transactionReference: string, heldReason: string) {
  const held = await recordsFor(app, bank.clientId, transactionReference, { status: 'held' });
  assert.equal(held.length, 1, `one held record for ${transactionReference}`);
  assert.equal(held[0].status, 'held');
  assert.equal(held[0].heldReason, heldReason);
  assert.equal(held[0].erpRefId, null);
  const accepted = await recordsFor(app, bank.clientId, transactionReference, { status: 'accepted' });
  assert.equal(accepted.length, 0, 'a held payment has no accepted record');
  return held[0];
}

/** The answer to a payment that is held, by the reason it is held for. */
const HELD_ANSWERS = {
  customer_not_payable: [404, CUSTOMER_NOT_FOUND],
  not_validated: [422, NOT_VALIDATED],
} as const;

/** Sends a payment that must be held: answered as its reason says, and stored once, as held for it. */
export async function assertPaymentHeld(
  app: FastifyInstance,
  bank: Bank,
  body: Body & { transactionReference: string },
  heldReason: keyof typeof HELD_ANSWERS,
) {
  const [status, answer] = HELD_ANSWERS[heldReason];
  assertAnswer(await pay(app, bank, body), status, answer);
  return assertHeld(app, bank, body.transactionReference, heldReason);
}
