import { DomainError } from './domain-error.js';

export const conflict = (message: string, detail?: string) => new DomainError('conflict', message, { detail });
