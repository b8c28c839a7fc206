import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { api, messageOf } from '../api.js';
import type { paths } from '../api-types.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The admin API's addresses that take the method. */
export type PathOf<M extends Method> = ClientPathsWithMethod<typeof api, M>;

/** What a call carries: the address's parameters and its body, as the API declares them. */
export type InitOf<M extends Method, P extends PathOf<M>> = MaybeOptionalInit<paths[P], M>;

/** The parameters alone (path and query), for a read. */
export type ParamsOf<P extends PathOf<'get'>> = NonNullable<InitOf<'get', P>>['params'];

type Declared = Record<string | number, unknown>;
/** What the API declares of one method at one address. */
type Operation<M extends Method, P extends PathOf<M>> = paths[P][M] extends infer O extends Declared ? O : never;
/** The console reads answers as JSON: a list's CSV is a download link, never a call. */
type Answered<M extends Method, P extends PathOf<M>> = FetchResponse<Operation<M, P>, InitOf<M, P>, 'application/json'>;

/** The API's answer when it says yes. */
export type AnswerOf<M extends Method, P extends PathOf<M>> = NonNullable<Answered<M, P>['data']>;

/** The answer when it says no: its body, its status, and the message for a person. */
export interface Refusal<M extends Method, P extends PathOf<M>> {
  ok: false;
  status: number;
  error: Answered<M, P>['error'] | undefined;
  problem: string;
}

export type Outcome<M extends Method, P extends PathOf<M>> = { ok: true; data: AnswerOf<M, P> } | Refusal<M, P>;

/**
 * The client's request, its types left to `call`: TypeScript cannot spell out the union of every
 * answer of every address of the API at once, and `call` types each call from its own address.
 */
const untypedRequest = api.request as unknown as (method: Method, path: string, init: unknown) => Promise<unknown>;

/**
 * One call of the admin API, through the console's client (its session cookie and CSRF token).
 * A call that never reaches the service is a refusal too, so a page says so instead of waiting.
 */
export async function call<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  init: InitOf<M, P>,
): Promise<Outcome<M, P>> {
  try {
    const { data, error, response } = (await untypedRequest(method, path, init)) as Answered<M, P>;
    if (response.ok) return { ok: true, data: data as AnswerOf<M, P> };
    return { ok: false, status: response.status, error, problem: messageOf(error) };
  } catch {
    return { ok: false, status: 0, error: undefined, problem: messageOf(undefined) };
  }
}
