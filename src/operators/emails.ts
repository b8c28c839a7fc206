/**
 * An email as the service knows an account by: trimmed, lower-cased and in Unicode NFC, so that each
 * way of typing one address (a space before it, a capital, a composed or decomposed "é") finds the
 * same account, counts against the same throttle and names the same account in the audit. Stored
 * as the operator's email_key; every look-up, throttle key and audit target goes through it.
 */
export const normalEmail = (typed: string): string => typed.trim().toLowerCase().normalize('NFC');
