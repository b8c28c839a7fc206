import { DomainError } from './domain-error.js';

export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', message, { retryAfterSeconds });
