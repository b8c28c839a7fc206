import { isDeepStrictEqual } from 'node:util';
import type { Answer } from './bank-session.js';

/** What was wrong with an answer, in a line; undefined when it is what the contract says. */
export type Check = (answer: Answer) => string | undefined;

// A token in an answer is a credential: what is shown of an answer never holds one.
const withoutToken = (text: string) => text.replace(/("access_token"\s*:\s*")[^"]*"/g, '$1[not shown]"');

const shown = (answer: Answer) => {
  const text = withoutToken(answer.text);
  return `${answer.status} ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
};

/** The status and exactly this JSON body. */
export const exactly =
  (status: number, body: object): Check =>
  (answer) =>
    answer.status === status && isDeepStrictEqual(answer.json, body)
      ? undefined
      : `expected ${status} ${JSON.stringify(body)}, got ${shown(answer)}`;

/** The status and no body at all, as the contract's "no body" says. */
export const noBody =
  (status: number): Check =>
  (answer) =>
    answer.status === status && answer.text === ''
      ? undefined
      : `expected ${status} with no body, got ${shown(answer)}`;

/** The status, and a JSON object whose fields pass `fields`. */
export const shaped =
  (status: number, what: string, fields: (body: Record<string, unknown>) => boolean): Check =>
  (answer) => {
    const body = answer.json;
    const ok =
      answer.status === status && typeof body === 'object' && body !== null && fields(body as Record<string, unknown>);
    return ok ? undefined : `expected ${status} with ${what}, got ${shown(answer)}`;
  };

/** Every check in turn; the first problem is the answer's. */
export const all =
  (...checks: Check[]): Check =>
  (answer) => {
    for (const check of checks) {
      const problem = check(answer);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
