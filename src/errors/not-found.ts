import { DomainError } from './domain-error.js';

/** Nothing is there under that name or number (404). */
export const notFound = {
  client: (clientId: string) => new DomainError('not_found', `No client with ID ${clientId}`),
  secret: (clientId: string, secretId: string) =>
    new DomainError('not_found', `Client ${clientId} has no secret ${secretId}`),
  member: (memberNumber: string) => new DomainError('not_found', `No member ${memberNumber}`),
  payment: (receiptOrId: number | string) =>
    new DomainError('not_found', `No payment with receipt number or paymentId ${receiptOrId}`),
  reconciliation: (id: number | string) => new DomainError('not_found', `No reconciliation ${id}`),
  webhook: (id: string) => new DomainError('not_found', `No webhook endpoint ${id}`),
  webhookMessage: (id: string) => new DomainError('not_found', `No message ${id} of this endpoint`),
  route: (method: string, path: string) => new DomainError('not_found', `No route ${method} ${path}`),
  link: () => new DomainError('not_found', 'No such link'),
  feed: (name: string) => new DomainError('not_found', `No export feed named ${name}`),
  operator: (operatorId: string) => new DomainError('not_found', `No operator ${operatorId}`),
  /** The signed-in operator's own row, deleted under a live session or token. */
  ownAccount: () => new DomainError('not_found', 'Your operator account is gone'),
  ownToken: (tokenId: string) => new DomainError('not_found', `You have no token ${tokenId}`),
  operatorToken: (operatorId: string, tokenId: string) =>
    new DomainError('not_found', `Operator ${operatorId} has no token ${tokenId}`),
  reconciliationItem: (id: number, itemKey: string) =>
    new DomainError('not_found', `Reconciliation ${id} has no item ${itemKey}`),
  reconciliationLine: (id: number, lineNo: number) =>
    new DomainError('not_found', `Reconciliation ${id} has no line ${lineNo}`),
  dealtWithMark: (id: number, itemKey: string) =>
    new DomainError('not_found', `Item ${itemKey} of reconciliation ${id} is not marked dealt with`),
  /** An integer id in a path beyond what any id can be, named by its parameter. */
  pathId: (name: string, value: string | undefined) => new DomainError('not_found', `No ${name} ${value}`),
};

/** It was there, and is no more (410). */
export const gone = {
  link: () => new DomainError('gone', 'This link has already been used, has expired or was withdrawn'),
};
