import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { PAYMENT_BODY_LIMIT } from '../../src/routes/bank/payments.js';
import { VALIDATE_BODY_LIMIT } from '../../src/routes/bank/validate.js';
import { TOKEN_BODY_LIMIT } from '../../src/routes/oauth/token.js';
import { base64url } from './arbitraries.js';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from './bank.js';
import type { DatabaseKind } from './databases.js';
import { changedTables, type Fingerprint, fingerprint, type StoredTable } from './stored-data.js';
import { ADMIN_TOKEN, json, startedForSuite, startTestApp, type TestApp } from './test-app.js';

// What the property suites in test/property/ share: "never a 5xx, never a crash, never a change to
// stored data from a refused request", checked with random and hostile requests. Each request is
// followed by a fingerprint of the stored data, so a refused request that changed something is
// named exactly.

/** Each route's body limit; a body one byte over must get 413. */
export const LIMITS = Object.freeze({
  token: TOKEN_BODY_LIMIT,
  validate: VALIDATE_BODY_LIMIT,
  payments: PAYMENT_BODY_LIMIT,
  // Not exported by src: the contract's values, as docs/BANK-API.md states them.
  handover: 1024,
  admin: 64 * 1024,
});

// ---------------------------------------------------------------------------------------------
// Requests, and how a counterexample shows them

export interface Probe {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Cursors are base64url: what they decode to is what the counterexample is about. */
function decodedCursors(url: string): string {
  const decoded = [...url.matchAll(/[?&](cursor|since)=([A-Za-z0-9_-]+)/g)].map(
    ([, name, value]) => `${name} = ${JSON.stringify(Buffer.from(value!, 'base64url').toString('latin1'))}`,
  );
  return decoded.length === 0 ? '' : ` (${decoded.join(', ')})`;
}

/**
 * Tokens are long and the same in every request: a counterexample reads better with names. One
 * per suite, which adds the secrets of its own fixtures.
 */
export class SecretNames {
  private readonly known = new Map<string, string>([[ADMIN_TOKEN, '<admin token>']]);

  add(secret: string, name: string): this {
    this.known.set(secret, name);
    return this;
  }

  readonly named = (text: string): string => {
    let result = text;
    for (const [secret, name] of this.known) result = result.split(secret).join(name);
    return result;
  };

  /** A short view of a body or value: bodies can be megabytes and may not be text. */
  readonly preview = (value: string | Buffer | undefined, max = 200): string => {
    if (value === undefined) return '(none)';
    const bytes = Buffer.byteLength(value);
    if (Buffer.isBuffer(value))
      return `${bytes} bytes, hex ${value.subarray(0, max / 2).toString('hex')}${bytes > max / 2 ? '…' : ''}`;
    const shown = JSON.stringify(value.length > max ? value.slice(0, max) : value);
    return `${bytes} bytes ${this.named(shown)}${value.length > max ? '…' : ''}`;
  };

  readonly describeProbe = (p: Probe): string => {
    const headers = Object.entries(p.headers).map(([name, value]) => `${name}: ${this.preview(value, 120)}`);
    return `${p.method} ${this.preview(p.url, 300)}${decodedCursors(p.url)} headers {${headers.join(', ')}} body ${this.preview(p.payload)}`;
  };

  /** A probe that fast-check prints with describeProbe in a counterexample. */
  readonly probe = (
    method: Probe['method'],
    url: string,
    headers: Record<string, string | undefined>,
    payload?: string | Buffer,
  ): Probe => {
    const defined = Object.fromEntries(
      Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const p: Probe = { method, url, headers: defined, ...(payload === undefined ? {} : { payload }) };
    Object.defineProperty(p, fc.toStringMethod, { value: () => this.describeProbe(p), enumerable: false });
    return p;
  };
}

// ---------------------------------------------------------------------------------------------
// The guard: every request is checked for a 5xx, for a change to stored data when refused, and
// for polluted prototypes

export interface Answer {
  status: number;
  body: string;
}

const prototypeKeys = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((proto) =>
    Reflect.ownKeys(proto).map(String).sort().join(),
  );
const cleanPrototypes = prototypeKeys();

/** A held payment is recorded on purpose although its status is 404 or 422 (docs/BANK-API.md, Payments). */
function isHeldPayment(url: string, answer: Answer): boolean {
  if (!url.startsWith('/bank/v1/payments') || (answer.status !== 404 && answer.status !== 422)) return false;
  try {
    return [1, 2].includes(JSON.parse(answer.body).resultCode);
  } catch {
    return false;
  }
}

export class Guard {
  private baseline: Fingerprint | undefined;
  private sent = 0;
  constructor(
    private readonly t: TestApp,
    private readonly names: SecretNames,
  ) {}

  async current(): Promise<Fingerprint> {
    this.baseline ??= await fingerprint(this.t.database.db);
    return this.baseline;
  }

  /** After a change made on purpose outside observe(), so it is not blamed on the next request. */
  rebase(): void {
    this.baseline = undefined;
  }

  /**
   * Runs `send`, then checks its answers: no 5xx, prototypes untouched, and, when every answer
   * was a refusal (or none came), stored data unchanged except in `mayChange`.
   */
  async observe(
    what: string,
    send: () => Promise<Answer[]>,
    mayChange: (answers: Answer[]) => StoredTable[] = () => [],
  ): Promise<Answer[]> {
    const before = await this.current();
    const answers = await send();
    const after = await fingerprint(this.t.database.db);
    this.baseline = after;
    for (const answer of answers) {
      assert.ok(answer.status < 500, `${what}\n  answered ${answer.status}: ${this.names.preview(answer.body)}`);
    }
    assert.deepEqual(prototypeKeys(), cleanPrototypes, `${what}\n  changed a built-in prototype`);
    if (answers.every((answer) => answer.status >= 400)) {
      const allowed = mayChange(answers);
      const changed = changedTables(before, after).filter((table) => !allowed.includes(table));
      const statuses = answers.map((answer) => answer.status).join(', ') || 'no answer';
      assert.deepEqual(
        changed,
        [],
        `${what}\n  was refused (${statuses}) yet changed stored data in ${changed.join(', ')}`,
      );
    }
    return answers;
  }

  async inject(p: Probe): Promise<LightMyRequestResponse> {
    let response: LightMyRequestResponse | undefined;
    await this.observe(
      this.names.describeProbe(p),
      async () => {
        this.sent += 1;
        response = await this.t.app.inject({
          method: p.method,
          url: p.url,
          // Each probe from an address of its own: refused credentials from one address close the
          // admin throttle (tested on its own), which would answer every later probe 429.
          remoteAddress: `10.${(this.sent >> 16) & 255}.${(this.sent >> 8) & 255}.${this.sent & 255}`,
          headers: p.headers,
          ...(p.payload === undefined ? {} : { payload: p.payload }),
        });
        return [{ status: response.statusCode, body: response.body }];
      },
      (answers) => (answers.every((answer) => isHeldPayment(p.url, answer)) ? ['payments'] : []),
    );
    return response!;
  }
}

// PROPERTY_RUNS_SCALE=10 runs every property ten times as often, for a longer hunt than CI's.
const RUNS_SCALE = Number(process.env.PROPERTY_RUNS_SCALE ?? 1);

/** fc.assert with the property's name at the head of the failure, and the probe (shrunk) below it. */
export async function check<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  predicate: (value: T) => Promise<void>,
): Promise<void> {
  try {
    await fc.assert(fc.asyncProperty(arbitrary, predicate), {
      numRuns: Math.ceil(numRuns * RUNS_SCALE),
      includeErrorInReport: true,
    });
  } catch (error) {
    throw new Error(`property "${name}" failed:\n${(error as Error).message}`, { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// The app the properties aim at

export interface PropertyApp {
  t: TestApp;
  guard: Guard;
  bank: Awaited<ReturnType<typeof bankWithToken>>;
  /** `Bearer <the bank's token>` */
  bearer: string;
  /** Tokens that look right but are not ours: no signature, another key, another audience. */
  forged: string[];
  /** The erpRefId of the one accepted payment. */
  erpRefId: string;
  /** The install ID that export cursors carry. */
  installId: string;
  /** A client with a hand-over link that has not been used yet. */
  handoverClientId: string;
  /** The live hand-over link's token. */
  liveToken: () => string;
  /**
   * A hand-over link that has not been used yet, for the properties to aim at. The one before
   * is revoked first: a client holds at most two secrets, and a used link's secret is active.
   */
  issueLink: () => Promise<void>;
}

/**
 * A new app with stored data of every kind, so a refused request has something to damage: a bank
 * with a token, an active, a suspended and a closed member, an accepted and a held payment, and a
 * live hand-over link. Its secrets are added to `names`.
 */
export async function startPropertyApp(kind: DatabaseKind, names: SecretNames): Promise<PropertyApp> {
  const t = await startTestApp(kind);
  const guard = new Guard(t, names);
  let liveLink: { secretId: string; token: string } | undefined;
  let handoverClientId = '';

  async function issueLink() {
    // The admin property may have issued secrets to this client too.
    for (const secret of json(await admin(t.app, 'GET', `/clients/${handoverClientId}`)).secrets) {
      if (secret.state !== 'revoked')
        await admin(t.app, 'DELETE', `/clients/${handoverClientId}/secrets/${secret.secretId}`);
    }
    const issued = await admin(t.app, 'POST', `/clients/${handoverClientId}/secrets`);
    assert.equal(issued.statusCode, 201, issued.body);
    const { secretId, handoverUrl } = json(issued);
    liveLink = { secretId, token: new URL(handoverUrl).pathname.split('/').pop()! };
    names.add(liveLink.token, '<live hand-over token>');
    guard.rebase();
  }

  const bank = await bankWithToken(t.app, 'Property Bank');
  names.add(bank.token, '<bank token>').add(bank.clientSecret, '<client secret>');
  await putMember(t.app, '9000001', 'Akinyi Otieno');
  await putMember(t.app, '9000002', 'Suspended Member', 'suspended');
  await putMember(t.app, '9000003', 'Closed Member', 'closed');
  assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '9000001' })).statusCode, 200);
  const accepted = await bankCall(
    t.app,
    bank.token,
    'payments',
    paymentBody('9000001', { transactionReference: 'FT-PROPERTY-1' }),
  );
  assert.equal(accepted.statusCode, 200, accepted.body);
  const erpRefId = json(accepted).erpRefId as string;
  assert.equal((await bankCall(t.app, bank.token, 'payments', paymentBody('9000002'))).statusCode, 404);
  const exported = await admin(t.app, 'GET', '/payments/export?format=ndjson');
  const installId = Buffer.from(String(exported.headers['next-cursor']), 'base64url').toString().split(':')[1]!;
  handoverClientId = json(await admin(t.app, 'POST', '/clients', { name: 'Hand-over Property Bank' })).clientId;
  await issueLink();
  const claims = { sub: bank.clientId };
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const signed = (key: string, audience = 'bank/v1') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('bank-integration-service')
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(key));
  const forged = [
    `${base64url('{"alg":"none","typ":"JWT"}')}.${base64url(JSON.stringify({ ...claims, iss: 'bank-integration-service', aud: 'bank/v1', iat: now, exp: now + 3600 }))}.`,
    await signed('not-the-service-key-not-the-service-key'),
    await signed('another-key-another-key-another-key', 'admin'),
  ];
  return {
    t,
    guard,
    bank,
    bearer: `Bearer ${bank.token}`,
    forged,
    erpRefId,
    installId,
    handoverClientId,
    liveToken: () => liveLink!.token,
    issueLink,
  };
}

/**
 * The app a suite's properties aim at (see startPropertyApp), started before its tests and closed
 * after them; `app()` gives it once started. What a failing property prints names its secrets.
 */
export function usePropertyApp(kind: DatabaseKind) {
  const names = new SecretNames();
  const suite = startedForSuite(async () => {
    const started = await startPropertyApp(kind, names);
    return { ...started, close: () => started.t.close() };
  });
  return { probe: names.probe, describeProbe: names.describeProbe, app: suite.current };
}
