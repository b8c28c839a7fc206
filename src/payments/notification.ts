import { invalidInput } from '../errors.js';
import { parseIsoDateTime } from '../iso-date-time.js';
import { normalizeMemberNumber } from '../members/member-number.js';
import { parseAmount } from './amount.js';
import type { PaymentType } from './channels.js';
import { MAX_REFERENCE_LENGTH, type PaymentNotificationBody } from './notification-schema.js';

/** A notification that passed every rule of the contract, ready to be recorded. */
export interface Notification {
  transactionReference: string;
  paymentType: PaymentType;
  /** As sent, trimmed: kept on a held payment even when it names no member. */
  customerRef: string;
  /** The seven-digit Member Number, or undefined when customerRef cannot name a member. */
  memberNumber: string | undefined;
  /** Exact decimal string with two places. */
  amount: string;
  currency: string;
  transactionDate: Date | undefined;
  payerName: string | null;
  payerAccount: string | null;
  payerPhone: string | null;
  narration: string | null;
}

function customerRefOf(body: PaymentNotificationBody): string {
  const top = body.customerRef?.trim();
  const nested = body.additions?.customerRef?.trim();
  if (top !== undefined && nested !== undefined && top !== nested) {
    // Two different members in one notification: attributing the money to either could be wrong.
    throw invalidInput('customerRef', 'differs from additions.customerRef');
  }
  const customerRef = top ?? nested;
  if (customerRef === undefined) throw invalidInput('customerRef', 'is required');
  return customerRef;
}

// PostgreSQL text cannot hold NUL. A free-text field with one is refused; a customerRef with
// one names no member, so it is held like any other such reference, with the NUL shown as U+FFFD.
const NUL = '\u0000';

// A lone UTF-16 surrogate has no UTF-8 form: the database would store U+FFFD. Replacing it here
// makes the text compared and answered the text stored, so two references that differ only there
// are one reference everywhere.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (value: string) => value.replace(LONE_SURROGATE, '\ufffd');

function storable(field: string, value: string): string {
  if (value.includes(NUL)) throw invalidInput.nulCharacters(field);
  return wellFormed(value);
}

const optional = (field: string, value: string | undefined) => {
  const trimmed = value === undefined ? undefined : storable(field, value).trim();
  return trimmed ? trimmed : null;
};

/** Applies the rules of the payment contract that a JSON schema cannot say; throws a 400 for the first one broken. */
export function readNotification(body: PaymentNotificationBody): Notification {
  const transactionReference = storable('transactionReference', body.transactionReference).trim();
  if (transactionReference.length < 1 || transactionReference.length > MAX_REFERENCE_LENGTH) {
    throw invalidInput('transactionReference', `must be 1 to ${MAX_REFERENCE_LENGTH} characters`);
  }
  const customerRef = wellFormed(customerRefOf(body).replaceAll(NUL, '\ufffd'));
  const amount = parseAmount(body.amount);
  if (!amount.ok) throw invalidInput('amount', amount.problem);
  const currency = (body.currency ?? 'KES').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw invalidInput('currency', 'must be a three-letter ISO 4217 code such as KES');
  let transactionDate: Date | undefined;
  if (body.transactionDate !== undefined) {
    transactionDate = parseIsoDateTime(body.transactionDate);
    if (!transactionDate)
      throw invalidInput('transactionDate', 'must be an ISO 8601 date-time such as 2026-11-21T10:15:00+03:00');
  }
  return {
    transactionReference,
    paymentType: body.paymentType,
    customerRef,
    memberNumber: normalizeMemberNumber(customerRef),
    amount: amount.amount,
    currency,
    transactionDate,
    payerName: optional('payerName', body.payerName),
    payerAccount: optional('payerAccount', body.payerAccount),
    payerPhone: optional('payerPhone', body.payerPhone),
    narration: optional('narration', body.narration),
  };
}
