import { DomainError } from './domain-error.js';

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
};

export const gone = {
  link: () => new DomainError('gone', 'This link has already been used, has expired or was withdrawn'),
};
