import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AUDIT_ACTIONS, type AuditAction } from '../../src/audit/audit-actions.js';
import { type AuditFacts, auditSentence } from '../../src/audit/audit-sentences.js';

type Record_ = Omit<AuditFacts, 'action'>;
const record = (target: string, targetName: string | null, detail = {}, about: AuditFacts['about'] = null) => ({
  target,
  targetName,
  detail,
  about,
});
const PAYMENT = { amount: '2500.00', currency: 'KES', reference: 'EQ-123' };

/**
 * A record of each action as the service writes it, and its sentence. Typed by the actions, so
 * a new action fails the build here until it is given one.
 */
const EXAMPLES: Record<AuditAction, [Record_, string | RegExp]> = {
  'admin.initialised': [record('admin-token', null), 'set the service up with its first admin token'],
  'admin.auth_throttled': [record('10.0.0.5', null), /too many wrong admin credentials from 10\.0\.0\.5/],
  'client.created': [
    record('c1', 'Equity Bank', { name: 'Equity Bank', statementAccounts: ['0123'] }),
    'added the bank Equity Bank, statement accounts 0123',
  ],
  'client.allowed_ips_set': [
    record('c1', 'Equity Bank', { allowedIps: ['10.0.0.0/8'] }),
    'set the addresses Equity Bank may call from: 10.0.0.0/8',
  ],
  'client.statement_accounts_set': [
    record('c1', 'Equity Bank', { statementAccounts: [] }),
    'cleared the statement accounts of Equity Bank',
  ],
  'client.disabled': [record('c1', 'Equity Bank'), 'disabled the bank Equity Bank'],
  'client.enabled': [record('c1', 'Equity Bank'), 'enabled the bank Equity Bank'],
  'client.test_payment_sent': [record('c1', 'Equity UAT'), 'sent a test payment as the sandbox bank Equity UAT'],
  'client.contact_email_set': [
    record('c1', 'Equity Bank', { contactEmail: 'it@equity.example' }),
    'set the contact email of Equity Bank to it@equity.example',
  ],
  'secret.issued': [
    record('s1', 'Equity Bank', { clientId: 'c1', handoverExpiresAt: '2026-11-24T11:05:00.000Z' }),
    'issued a new secret for Equity Bank; its hand-over link works until 24 Nov 2026, 14:05',
  ],
  'secret.revealed': [record('s1', 'Equity Bank', { clientId: 'c1' }), /new secret of Equity Bank/],
  'secret.revoked': [record('s1', 'Equity Bank', { clientId: 'c1' }), 'revoked a secret of Equity Bank'],
  'member.created': [
    record('1234567', 'Jane Wanjiru', { fullName: 'Jane Wanjiru', status: 'active' }),
    'added member 1234567 Jane Wanjiru (active)',
  ],
  'member.updated': [
    record('1234567', 'Jane Wanjiru', { fullName: 'Jane Wanjiru', status: 'suspended' }),
    'updated member 1234567 Jane Wanjiru: now suspended',
  ],
  'members.imported': [
    record('members', null, { rows: 1200, created: 3, updated: 5, unchanged: 1192 }),
    'loaded the member register: 1,200 rows, 3 added, 5 changed, 1,192 unchanged',
  ],
  'payment.allocated': [
    record(
      '42',
      'EQ-123',
      { customerRef: '1234567', memberName: 'Jane Wanjiru', erpRefId: 'ABCD2345', note: 'confirmed by phone' },
      PAYMENT,
    ),
    'allocated held payment EQ-123 (KES 2,500.00) to member 1234567 Jane Wanjiru, receipt ABCD2345: “confirmed by phone”',
  ],
  'payment.returned': [
    record('42', 'EQ-123', { note: 'no such member' }, PAYMENT),
    'returned held payment EQ-123 (KES 2,500.00) to the payer: “no such member”',
  ],
  'payment.recorded_from_statement': [
    record(
      '43',
      'EQ-124',
      { reconciliationId: 7, line: 14, customerRef: '1234567', memberName: 'Jane Wanjiru', erpRefId: 'ABCD2346' },
      { amount: '100.5', currency: 'USD', reference: 'EQ-124' },
    ),
    'recorded payment EQ-124 (USD 100.50) from line 14 of reconciliation 7 for member 1234567 Jane Wanjiru, receipt ABCD2346',
  ],
  'reconciliation.made': [
    record('7', 'Equity Bank', { clientId: 'c1', format: 'mt940', lines: 1520, accounts: 1 }),
    'reconciled an MT940 statement as reconciliation 7 of Equity Bank: 1,520 lines',
  ],
  'reconciliation.item_dealt_with': [
    record('7', 'Equity Bank', { item: 'line-14', category: 'amount_mismatch', note: 'bank fee' }),
    'marked line 14 (amount mismatch) of reconciliation 7 of Equity Bank dealt with: “bank fee”',
  ],
  'reconciliation.item_reopened': [
    record('7', 'Equity Bank', { item: 'payment-99', category: 'not_on_statement', note: 'wrong' }),
    /^took the dealt-with mark off payment 99 \(not on the statement\) of reconciliation 7 of Equity Bank/,
  ],
  'statement_mapping.set': [record('c1', 'Equity Bank', { mapping: {} }), /CSV statements of Equity Bank/],
  'export_feed.created': [
    record('erp', null, { start: 'now' }),
    'made the ERP feed “erp”, starting with the payments accepted from then on',
  ],
  'export_feed.moved': [
    record('erp', null, { previous: null, batch: 3 }),
    'moved the ERP feed “erp” past its latest export (batch 3)',
  ],
  'database.backed_up': [
    record('bis-backup-2026-11-26T0300.tgz', null, { files: 1133, bytes: 142420406 }),
    'took a backup of the database, bis-backup-2026-11-26T0300.tgz',
  ],
  'webhook.created': [
    record('w1', 'https://erp.example/hook', { url: 'https://erp.example/hook', events: ['payment.accepted'] }),
    'added the webhook endpoint https://erp.example/hook for payment.accepted',
  ],
  'webhook.updated': [
    record('w1', 'https://erp.example/hook', { enabled: false, disabled_reason: 'disabled by an operator' }),
    'stopped deliveries to https://erp.example/hook',
  ],
  'webhook.secret_rotated': [record('w1', 'https://erp.example/hook'), /new signing secret for the webhook endpoint/],
  'webhook.deleted': [record('w1', null), 'deleted the webhook endpoint w1'],
  'webhook.disabled': [
    record('w1', 'https://erp.example/hook', { reason: 'the endpoint answered 410 Gone' }),
    'stopped deliveries to https://erp.example/hook: the endpoint answered 410 Gone',
  ],
  'webhook.replayed': [
    record('w1', 'https://erp.example/hook', { failedSince: '2026-11-20T21:00:00.000Z', count: 3 }),
    'sent 3 failed messages to https://erp.example/hook again, those since 21 Nov 2026, 00:00',
  ],
  'operator.created': [
    record('o1', 'Peter Kamau', { email: 'peter@sacco.example', role: 'viewer' }),
    'added the operator Peter Kamau (peter@sacco.example) as viewer',
  ],
  'operator.recovered': [record('o1', 'Peter Kamau', { email: 'peter@sacco.example' }), /admin account of Peter Kamau/],
  'operator.invited': [
    record('o1', 'Peter Kamau', { expiresAt: '2026-11-24T11:05:00.000Z' }),
    'made an invite link for Peter Kamau, valid until 24 Nov 2026, 14:05',
  ],
  'operator.renamed': [record('o1', 'Peter Kamau', { name: 'Peter Kamau' }), 'renamed an operator to Peter Kamau'],
  'operator.role_changed': [
    record('o1', 'Peter Kamau', { from: 'viewer', to: 'finance' }),
    'changed the role of Peter Kamau from viewer to finance',
  ],
  'operator.disabled': [record('o1', 'Peter Kamau'), 'disabled the operator Peter Kamau'],
  'operator.enabled': [record('o1', 'Peter Kamau'), 'enabled the operator Peter Kamau'],
  'operator.password_set': [record('o1', 'Peter Kamau'), 'set their password through an invite link'],
  'operator.reset_requested': [
    record('o1', 'Peter Kamau', { expiresAt: '2026-11-24T11:05:00.000Z', emailedTo: 'peter@sacco.example' }),
    'asked for a password reset link, valid until 24 Nov 2026, 14:05, emailed to peter@sacco.example',
  ],
  'operator.password_reset': [record('o1', 'Peter Kamau'), 'set a new password through a reset link'],
  'operator.password_changed': [record('o1', 'Peter Kamau'), 'changed their password'],
  'operator.signed_in': [record('o1', 'Peter Kamau'), 'signed in'],
  'operator.sign_in_failed': [
    record('peter@sacco.example', null, { reason: 'wrong email or password' }),
    'failed to sign in as peter@sacco.example: wrong email or password',
  ],
  'operator.signed_out': [record('o1', 'Peter Kamau'), 'signed out'],
  'operator.two_factor_enabled': [record('o1', 'Peter Kamau'), 'turned two-factor sign-in on'],
  'operator.two_factor_disabled': [record('o1', 'Peter Kamau'), 'turned two-factor sign-in off'],
  'operator.two_factor_reset': [record('o1', 'Peter Kamau'), 'turned two-factor sign-in off for Peter Kamau'],
  'operator.confirmation_failed': [
    record('o1', 'Peter Kamau', { purpose: 'api token', reason: 'wrong password' }),
    'failed to confirm a new API token: wrong password',
  ],
  'operator.recovery_codes_replaced': [record('o1', 'Peter Kamau'), 'made new recovery codes'],
  'operator.recovery_code_used': [record('o1', 'Peter Kamau'), 'signed in with a recovery code'],
  'operator.token_created': [
    record('t1', 'laptop', { name: 'laptop', expiresAt: '2026-12-24T11:05:00.000Z' }),
    'made the API token “laptop”, valid until 24 Dec 2026, 14:05',
  ],
  'operator.token_revoked': [
    record('t1', 'laptop', { operatorId: 'o1' }, { owner: 'Peter Kamau' }),
    'revoked the API token “laptop” of Peter Kamau',
  ],
  'operator.notifications_changed': [
    record('o1', 'Peter Kamau', { kinds: ['bank_silent'] }),
    'chose which emails they get',
  ],
  'alerts.settings_changed': [
    record('alerts', null, { kinds: ['held_payment', 'morning_summary'] }),
    'changed the alert settings of held_payment, morning_summary',
  ],
  'alerts.bank_settings_changed': [
    record('c1', null, { bank: 'Equity Bank' }),
    'changed when Equity Bank counts as silent',
  ],
};

test('every audit action has a sentence that names what it acted on, in the organisation’s time zone', () => {
  assert.deepEqual(Object.keys(EXAMPLES).sort(), [...AUDIT_ACTIONS].sort());
  for (const action of AUDIT_ACTIONS) {
    const [facts, expected] = EXAMPLES[action];
    const sentence = auditSentence({ action, ...facts }, 'Africa/Nairobi');
    if (typeof expected === 'string') assert.equal(sentence, expected, action);
    else assert.match(sentence, expected, action);
  }
});

test('a record missing its detail (an older one, or a target since deleted) still reads as a sentence', () => {
  for (const action of AUDIT_ACTIONS) {
    const sentence = auditSentence({ action, target: 'x1', targetName: null, detail: {}, about: null }, 'UTC');
    assert.ok(sentence.length > 0, action);
    assert.doesNotMatch(sentence, /undefined|null|\[object|NaN|\?|[:,;]\s*$|\b(\w+) \1\b/, `${action}: ${sentence}`);
    assert.ok(!sentence.startsWith(action), `${action} has words of its own, not the fallback`);
  }
});
