import { DomainError } from './domain-error.js';

const conflictOf = (message: string) => new DomainError('conflict', message);

/** What the request asks cannot be done to things as they are now (409): each says what to do instead. */
export const conflict = {
  // Setting the service up, and its operators.
  adminTokenSet: () => conflictOf('The service already has an admin token (BIS_ADMIN_TOKEN or an earlier `bis init`)'),
  adminExists: () => conflictOf('The service has an admin already. To recover a lost one: bis init --recover EMAIL'),
  lastAdmin: () => conflictOf('This is the last admin who can sign in: make another operator admin first'),
  operatorEmailTaken: (email: string) => conflictOf(`An operator with the email ${email} exists already`),
  twoFactorOnAlready: () => conflictOf('Two-factor sign-in is on already; turn it off first to use a new key'),
  twoFactorNotStarted: () => conflictOf('Start two-factor sign-in first: it gives the key to confirm'),
  twoFactorOffAlready: (email: string) => conflictOf(`Two-factor sign-in is off already for ${email}`),
  noRecoveryCodes: () => conflictOf('Two-factor sign-in is off: there are no recovery codes'),
  emailOff: () =>
    conflictOf('This service sends no email (BIS_SMTP_URL is not set): ask an admin for a new invite link'),
  noContactEmail: (clientName: string) =>
    conflictOf(`${clientName} has no contact email: set one first, or issue the secret without emailing it`),

  // Banks' clients and their secrets.
  secretsFull: (clientId: string, most: number) =>
    conflictOf(`Client ${clientId} already has ${most} active secrets; revoke one before issuing another`),
  testPaymentOfLiveClient: (name: string) =>
    conflictOf(
      `${name} is a live bank: a test payment can only be sent as a sandbox client, whose payments are test payments`,
    ),
  sandboxForGood: (clientId: string, sandbox: boolean) =>
    conflictOf(
      sandbox
        ? `Client ${clientId} is a sandbox client, and stays one: create a live client for the bank's production credentials`
        : `Client ${clientId} is a live client, and stays one: create a sandbox client for the bank's tests`,
    ),

  // Payments resolved by hand.
  paymentNotHeld: (paymentId: number, status: string) =>
    conflictOf(`Payment ${paymentId} is ${status}, not held: only a held payment can be allocated or returned`),
  memberMissing: (memberNumber: string) =>
    conflictOf(`No member ${memberNumber}: add the member first, or choose another`),
  memberNotActive: (memberNumber: string, status: string) =>
    conflictOf(`Member ${memberNumber} is ${status}: only an active member can receive a payment`),

  // The export's feeds.
  feedMovedMeanwhile: (feed: string) =>
    conflictOf(`Feed ${feed} was moved by another export since this one began: its file repeats payments; discard it`),
  feedExists: (feed: string) => conflictOf(`A feed named ${feed} exists already: choose another name`),

  // Reconciling a statement.
  noCsvMapping: (clientName: string, clientId: string) =>
    conflictOf(
      `No CSV statement mapping is saved for ${clientName}: save one with PUT /admin/v1/clients/${clientId}/statement-mapping first`,
    ),
  csvMappingUnreadable: (clientName: string) =>
    conflictOf(`The saved CSV mapping of ${clientName} no longer reads: save it again`),
  itemNeedsNoOne: (itemKey: string, category: 'matched' | 'debit') =>
    conflictOf(`Item ${itemKey} is ${category === 'matched' ? 'matched' : 'a debit'}: it needs no one`),

  // Backups.
  backupByPgDump: (command: string) =>
    new DomainError(
      'conflict',
      `The service keeps its data in PostgreSQL, which the server's own tools back up: run ${command}`,
      { extra: { command } },
    ),
  backupInMemory: () => conflictOf('The embedded database is kept in memory: it has no files to back up'),
  backupRunning: () => conflictOf('A backup is being taken: run this one when it has finished'),

  // Recording a statement line the bank never notified.
  lineNotCredit: (lineNo: number) => conflictOf(`Line ${lineNo} is not a credit: only money received can be recorded`),
  lineOfHeldPayment: (lineNo: number, paymentId: number | null) =>
    conflictOf(
      `Line ${lineNo} is the money of payment ${paymentId}, which was held when the statement was reconciled: allocate or return that payment instead`,
    ),
  lineReferenceRepeated: (lineNo: number, earlierLine: unknown) =>
    conflictOf(
      `Line ${lineNo} has the same bank reference as line ${earlierLine}, which stands for the payment under it: a second credit under one reference is for the bank to explain, not a payment to record`,
    ),
  lineNotified: (lineNo: number, category: string, paymentId: number | null) =>
    conflictOf(`Line ${lineNo} is ${category.replace('_', ' ')} to payment ${paymentId}: it was notified`),
  lineRecordedAlready: (lineNo: number, paymentId: number) =>
    conflictOf(`Line ${lineNo} was recorded already, as payment ${paymentId}`),
  lineWithoutReference: (lineNo: number) =>
    conflictOf(`Line ${lineNo} has no bank reference to record the payment under`),
  lineWithoutMoney: (lineNo: number, amount: string) =>
    conflictOf(`Line ${lineNo} is for ${amount}: there is no money to record`),
  referenceNotifiedSince: (clientName: string, reference: string) =>
    conflictOf(
      `${clientName} has a payment under reference ${reference} now (notified since the statement was reconciled): look it up rather than record the line`,
    ),
};
