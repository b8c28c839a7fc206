import { performance } from 'node:perf_hooks';

/** One answer as the bank's side sees it: status, headers, the body as text and as JSON when it is JSON, and how long it took. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  ms: number;
}

/** Where and as whom the simulated bank calls. */
export interface BankCredentials {
  /** The deployment's public address, without a trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

const readJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Calls the deployment as a bank's integration does: plain HTTP, the contract's headers, nothing of ours. */
export function bankSession({ baseUrl, clientId, clientSecret }: BankCredentials, timeoutMs = 10_000) {
  async function send(path: string, init: RequestInit): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: readJson(text),
      ms: performance.now() - started,
    };
  }
  let token: string | undefined;
  return {
    /** POST /oauth/v1/token with HTTP Basic; the token it gives is used by the calls after it. */
    async requestToken(): Promise<Answer> {
      const answer = await send('/oauth/v1/token', {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      const issued = (answer.json as { access_token?: unknown } | undefined)?.access_token;
      if (answer.status === 200 && typeof issued === 'string') token = issued;
      return answer;
    },

    /** A bank call with the current token, or with none when `withToken` is false. */
    call(path: '/bank/v1/validate' | '/bank/v1/payments', body: object, withToken = true): Promise<Answer> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (withToken && token !== undefined) headers.authorization = `Bearer ${token}`;
      return send(path, { method: 'POST', headers, body: JSON.stringify(body) });
    },

    get hasToken() {
      return token !== undefined;
    },
  };
}

export type BankSession = ReturnType<typeof bankSession>;
