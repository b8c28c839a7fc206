import type { AnyComponent } from 'preact';
import { Account } from './pages/account/account.js';
import { Alerts } from './pages/alerts/alerts.js';
import { AuditPage } from './pages/audit/audit.js';
import { BankPage } from './pages/banks/bank.js';
import { Banks } from './pages/banks/banks.js';
import { DailyTotals } from './pages/daily/daily.js';
import { Dashboard } from './pages/dashboard/dashboard.js';
import { Exports } from './pages/exports.js';
import { MemberPage } from './pages/members/member.js';
import { Members } from './pages/members/members.js';
import { RegisterUpload } from './pages/members/register-upload.js';
import { OperatorPage } from './pages/operators/operator.js';
import { Operators } from './pages/operators/operators.js';
import { HeldQueue } from './pages/payments/held.js';
import { PaymentPage } from './pages/payments/payment.js';
import { Payments } from './pages/payments/payments.js';
import { ReconciliationPage } from './pages/reconciliation/reconciliation.js';
import { Reconciliations } from './pages/reconciliation/reconciliations.js';
import { WebhookPage } from './pages/webhooks/webhook.js';
import { Webhooks } from './pages/webhooks/webhooks.js';
import type { Role } from './session.js';

export interface Page {
  path: string;
  component: AnyComponent;
  /** The least role that may open the page; the API refuses a lesser one anyway. */
  least: Role;
  /** Its name in the main navigation; pages without one are reached from another page. */
  nav?: string;
}

/**
 * Every page of the console, in the order of the main navigation. A parameter is never named
 * `ref`: the router passes parameters to the page as props, and Preact takes `ref` for its own.
 */
export const PAGES: Page[] = [
  { path: '/console', component: Dashboard, least: 'viewer', nav: 'Dashboard' },
  { path: '/console/payments', component: Payments, least: 'viewer', nav: 'Payments' },
  { path: '/console/payments/:receiptOrId', component: PaymentPage, least: 'viewer' },
  { path: '/console/held', component: HeldQueue, least: 'viewer', nav: 'Held payments' },
  { path: '/console/reconciliation', component: Reconciliations, least: 'viewer', nav: 'Reconciliation' },
  { path: '/console/reconciliation/:id', component: ReconciliationPage, least: 'viewer' },
  { path: '/console/daily', component: DailyTotals, least: 'viewer', nav: 'Daily totals' },
  { path: '/console/members', component: Members, least: 'viewer', nav: 'Members' },
  // Before the member's page, whose address it would otherwise match.
  { path: '/console/members/upload', component: RegisterUpload, least: 'admin' },
  { path: '/console/members/:memberNumber', component: MemberPage, least: 'viewer' },
  { path: '/console/banks', component: Banks, least: 'viewer', nav: 'Banks' },
  { path: '/console/banks/:clientId', component: BankPage, least: 'viewer' },
  { path: '/console/webhooks', component: Webhooks, least: 'viewer', nav: 'Webhooks' },
  { path: '/console/webhooks/:webhookId', component: WebhookPage, least: 'viewer' },
  { path: '/console/exports', component: Exports, least: 'finance', nav: 'Exports' },
  { path: '/console/alerts', component: Alerts, least: 'viewer', nav: 'Alerts' },
  { path: '/console/audit', component: AuditPage, least: 'viewer', nav: 'Audit' },
  { path: '/console/operators', component: Operators, least: 'admin', nav: 'Operators' },
  { path: '/console/operators/:operatorId', component: OperatorPage, least: 'admin' },
  // Reached from the operator's name at the top of every page.
  { path: '/console/account', component: Account, least: 'viewer' },
];
