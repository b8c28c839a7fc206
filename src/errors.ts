/**
 * The domain's error vocabulary: every error a service raises has a named constructor, grouped by
 * its kind in src/errors/, so the same refusal is worded once. Services and stores throw these;
 * they know nothing of HTTP. `src/http/error-answers.ts` is the one place that turns a code into a
 * status and a body.
 */
export { forbidden, oauthRefusal, unauthorized } from './errors/access.js';
export { conflict } from './errors/conflicts.js';
export { DomainError, type ErrorCode } from './errors/domain-error.js';
export { internal, unavailable } from './errors/failures.js';
export { invalidImport, invalidInput, invalidStatement } from './errors/invalid.js';
export { gone, notFound } from './errors/not-found.js';
export { methodNotAllowed, rateLimited, tooLarge, tooSlow } from './errors/requests.js';
