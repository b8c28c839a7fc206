import assert from 'node:assert/strict';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import fc from 'fast-check';
import { invalidUtf8 } from '../support/arbitraries.js';
import { databaseKinds } from '../support/databases.js';
import { check, type Guard, type PropertyApp, SecretNames, startPropertyApp } from '../support/property.js';
import { crlf, type RawResult, rawExchange } from '../support/raw-http.js';
import { changedTables, fingerprint } from '../support/stored-data.js';
import { ADMIN_TOKEN, type TestApp } from '../support/test-app.js';

// Never a 5xx, never a crash, never a change to stored data from a refused request: random and
// hostile requests over a real socket, for what app.inject cannot send: bytes that are not
// UTF-8, bad Content-Length and chunks, clients that stall.

for (const kind of databaseKinds()) {
  describe(`every public route over a real socket: never a 5xx, never a change from a refusal (${kind})`, () => {
    const names = new SecretNames();
    const { preview, named } = names;
    let t: TestApp;
    let guard: Guard;
    let bank: PropertyApp['bank'];
    let bearer: string;
    let erpRefId: string;
    let liveToken: PropertyApp['liveToken'];
    let issueLink: PropertyApp['issueLink'];

    before(async () => {
      ({ t, guard, bank, bearer, erpRefId, liveToken, issueLink } = await startPropertyApp(kind, names));
    });
    after(() => t.close());

    describe('over a real socket', () => {
      let port: number;
      let base: string;

      /** One raw exchange, checked like every other request. */
      async function raw(
        what: string,
        parts: (string | Buffer)[],
        options?: { end?: boolean; waitMs?: number },
      ): Promise<RawResult> {
        let result: RawResult | undefined;
        await guard.observe(what, async () => {
          result = await rawExchange(port, parts, options);
          return result.statuses.map((status) => ({ status, body: result!.text }));
        });
        return result!;
      }

      const head = (requestLine: string, headers: string[]) =>
        crlf([requestLine, 'Host: 127.0.0.1', 'Connection: close', ...headers]);

      /** Sends `text` one byte every 2 ms and resolves with the whole answer. */
      async function trickle(text: string): Promise<string> {
        const socket = net.connect(port, '127.0.0.1');
        await once(socket, 'connect');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        const ended = once(socket, 'close');
        for (const byte of Buffer.from(text)) {
          socket.write(Buffer.of(byte));
          await delay(2);
        }
        await ended;
        return Buffer.concat(chunks).toString('latin1');
      }

      async function assertServing(what: string) {
        const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
        assert.equal(response.status, 200, `after ${what}: /healthz answered ${response.status}`);
      }

      before(async () => {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        port = (t.app.server.address() as AddressInfo).port;
        base = `http://127.0.0.1:${port}`;
      });

      it('bodies that are not UTF-8, with and without a JSON content type', async () => {
        const auth = `Authorization: ${bearer}`;
        const cases: [string, string[], Buffer][] = [
          [
            'POST /bank/v1/validate HTTP/1.1',
            [auth, 'Content-Type: application/json'],
            Buffer.from('{"customerRef":"\xff\xfe9000001"}', 'latin1'),
          ],
          [
            'POST /bank/v1/validate HTTP/1.1',
            [auth, 'Content-Type: application/json; charset=utf-8'],
            Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
          ],
          [
            'POST /bank/v1/payments HTTP/1.1',
            [auth, 'Content-Type: application/json'],
            Buffer.from(
              '{"transactionReference":"FT-BAD-\xc3\x28","paymentType":"MPESA","amount":"\xed\xa0\x80"}',
              'latin1',
            ),
          ],
          [
            'POST /oauth/v1/token HTTP/1.1',
            ['Content-Type: application/x-www-form-urlencoded'],
            Buffer.from(`grant_type=client_credentials&client_id=${bank.clientId}&client_secret=\xff\xfe`, 'latin1'),
          ],
          [
            'POST /admin/v1/clients HTTP/1.1',
            [`Authorization: Bearer ${ADMIN_TOKEN}`, 'Content-Type: application/json'],
            Buffer.from('{"name":', 'latin1'),
          ],
          [
            'POST /admin/v1/members/import HTTP/1.1',
            [`Authorization: Bearer ${ADMIN_TOKEN}`, 'Content-Type: text/csv'],
            Buffer.from('customerRef,fullName,status\n9100009,Bad \xff\xfe Name,active\n', 'latin1'),
          ],
          ['POST /handover/x HTTP/1.1', ['Content-Type: text/plain'], Buffer.from([0xc0, 0xaf, 0xf8, 0x88])],
        ];
        for (const [requestLine, headers, body] of cases) {
          const what = `${requestLine} with ${preview(body)}`;
          const result = await raw(what, [head(requestLine, [...headers, `Content-Length: ${body.length}`]), body]);
          assert.equal(
            result.statuses.length,
            1,
            `${what}: expected one answer, got ${JSON.stringify(named(result.text.slice(0, 300)))}`,
          );
        }
        await assertServing('bodies that are not UTF-8');
      });

      it('header values with bytes that are not UTF-8 or not allowed at all', async () => {
        const targets = [
          'POST /bank/v1/validate HTTP/1.1',
          'POST /oauth/v1/token HTTP/1.1',
          'GET /admin/v1/clients HTTP/1.1',
          'POST /handover/x HTTP/1.1',
          'GET /healthz HTTP/1.1',
        ];
        const headerName = fc.constantFrom(
          'Authorization',
          'Content-Type',
          'Accept',
          'X-Request-Id',
          'Content-Encoding',
          'Host',
          'X-Custom',
        );
        const value = fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
          invalidUtf8,
          fc
            .tuple(fc.constantFrom('Bearer ', 'Basic ', 'application/json; charset='), invalidUtf8)
            .map(([prefix, bad]) => Buffer.concat([Buffer.from(prefix), bad])),
        );
        const exchange = fc.record({ target: fc.constantFrom(...targets), name: headerName, value });
        await check('raw header bytes', exchange, 40, async ({ target, name, value }) => {
          const body = '{"customerRef":"9000001"}';
          const before = Buffer.from(
            `${target}\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${name}: `,
          );
          await raw(`${target} with ${name}: ${preview(value)}`, [
            Buffer.concat([before, value, Buffer.from(`\r\n\r\n${body}`)]),
          ]);
        });
        await assertServing('header bytes');
      });

      it('a Content-Length that is malformed, repeated, or disagrees with the body', async () => {
        const auth = `Authorization: ${bearer}`;
        const body = '{"customerRef":"9000001"}';
        const cases: [string, string[], string, { end?: boolean }?][] = [
          ['not a number', ['Content-Length: abc'], body],
          ['negative', ['Content-Length: -1'], body],
          ['two different values', ['Content-Length: 5', `Content-Length: ${body.length}`], body],
          ['a list', [`Content-Length: ${body.length}, 5`], body],
          ['with Transfer-Encoding too', [`Content-Length: ${body.length}`, 'Transfer-Encoding: chunked'], body],
          ['shorter than the body: the rest reads as a next request', ['Content-Length: 5'], body],
          ['longer than the body, then the client ends', [`Content-Length: ${body.length + 100}`], body, { end: true }],
          ['huge', ['Content-Length: 99999999999999999999'], body],
        ];
        for (const path of ['/bank/v1/validate', '/bank/v1/payments', '/oauth/v1/token', '/admin/v1/clients']) {
          for (const [label, lengthHeaders, payload, options] of cases) {
            const headers = [
              path.startsWith('/admin') ? `Authorization: Bearer ${ADMIN_TOKEN}` : auth,
              'Content-Type: application/json',
              ...lengthHeaders,
            ];
            await raw(
              `POST ${path}, Content-Length ${label}`,
              [head(`POST ${path} HTTP/1.1`, headers), payload],
              options,
            );
          }
        }
        // Declared over the limit: refused at once, without waiting for a body that never comes.
        const started = Date.now();
        const declared = await raw('POST /oauth/v1/token declaring 1 GB', [
          head('POST /oauth/v1/token HTTP/1.1', [
            'Content-Type: application/x-www-form-urlencoded',
            'Content-Length: 1000000000',
          ]),
        ]);
        assert.deepEqual(declared.statuses, [413]);
        assert.ok(Date.now() - started < 1500, 'the 413 waited for the body');
        await assertServing('bad Content-Length');
      });

      it('chunked bodies with bad chunks, and chunked bodies over the limit', async () => {
        const te = ['Transfer-Encoding: chunked'];
        const form = ['Content-Type: application/x-www-form-urlencoded', ...te];
        const json = [`Authorization: ${bearer}`, 'Content-Type: application/json', ...te];
        const cases: [string, string, string[], string, { end?: boolean }?][] = [
          ['chunk size not hex', '/bank/v1/validate', json, 'zz\r\n{"customerRef":"9000001"}\r\n0\r\n\r\n'],
          ['chunk longer than its size', '/bank/v1/validate', json, '3\r\n{"customerRef":"9000001"}\r\n0\r\n\r\n'],
          ['chunk size overflowing', '/bank/v1/payments', json, 'ffffffffffffffffff\r\nabc\r\n0\r\n\r\n'],
          ['no final chunk, then the client ends', '/bank/v1/payments', json, '5\r\n{"tra\r\n', { end: true }],
          ['bad chunk extension', '/oauth/v1/token', form, '1d;\x01=\r\ngrant_type=client_credentials\r\n0\r\n\r\n'],
          ['missing CRLF after a chunk', '/oauth/v1/token', form, '5\r\ngrantXX0\r\n\r\n'],
          [
            'bad trailer',
            '/admin/v1/clients',
            [`Authorization: Bearer ${ADMIN_TOKEN}`, 'Content-Type: application/json', ...te],
            '2\r\n{}\r\n0\r\nX-Trailer\r\n\r\n',
          ],
        ];
        for (const [label, path, headers, body, options] of cases) {
          await raw(`POST ${path}, chunked: ${label}`, [head(`POST ${path} HTTP/1.1`, headers), body], options);
        }
        // The token endpoint's 4096 bytes count chunked bodies too (docs/BANK-API.md).
        const chunk = 'a'.repeat(1000);
        const overLimit = `${`${(1000).toString(16)}\r\n${chunk}\r\n`.repeat(5)}0\r\n\r\n`;
        const result = await raw('POST /oauth/v1/token, chunked 5000 bytes', [
          head('POST /oauth/v1/token HTTP/1.1', form),
          overLimit,
        ]);
        assert.deepEqual(result.statuses, [413]);
        await assertServing('bad chunks');
      });

      it('keeps answering others while clients stall mid-headers and mid-body, and the stalled requests change nothing', async () => {
        await issueLink();
        const before = await guard.current();
        const stalls = [
          'GET /healthz HTTP/1.1\r\n',
          `POST /bank/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer}\r\nContent-Le`,
          `${crlf([
            'POST /bank/v1/payments HTTP/1.1',
            'Host: 127.0.0.1',
            `Authorization: ${bearer}`,
            'Content-Type: application/json',
            'Content-Length: 300',
          ])}{"transactionReference":"FT-SLOW-1","paymentType":"MPESA","customerRef":"9000001",`,
          `${crlf([
            'POST /oauth/v1/token HTTP/1.1',
            'Host: 127.0.0.1',
            'Content-Type: application/x-www-form-urlencoded',
            'Transfer-Encoding: chunked',
          ])}5\r\ngrant\r\n`,
          `${crlf([
            'POST /admin/v1/clients HTTP/1.1',
            'Host: 127.0.0.1',
            `Authorization: Bearer ${ADMIN_TOKEN}`,
            'Content-Type: application/json',
            'Content-Length: 40',
          ])}{"name":"Slow`,
          `${crlf([
            `POST /handover/${liveToken()} HTTP/1.1`,
            'Host: 127.0.0.1',
            'Accept: application/json',
            'Content-Length: 10',
          ])}a`,
        ];
        const sockets = await Promise.all(
          stalls.map(async (text) => {
            const socket = net.connect(port, '127.0.0.1');
            socket.on('error', () => {});
            await once(socket, 'connect');
            socket.write(text);
            return socket;
          }),
        );
        // And one that sends a whole request a byte at a time: slow, but to be answered all the same.
        const trickled = trickle(
          `${crlf([
            'POST /bank/v1/validate HTTP/1.1',
            'Host: 127.0.0.1',
            'Connection: close',
            `Authorization: ${bearer}`,
            'Content-Type: application/json',
            'Content-Length: 25',
          ])}{"customerRef":"1111111"}`,
        );
        try {
          await delay(100);
          // Everyone else is served meanwhile, through the database too. Each of these leaves
          // stored data as it was: the member is not one, the token request changes only the rate-limit table.
          const others = await Promise.all([
            fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) }),
            fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) }),
            fetch(`${base}/bank/v1/validate`, {
              method: 'POST',
              headers: { authorization: bearer, 'content-type': 'application/json' },
              body: '{"customerRef":"1111111"}',
              signal: AbortSignal.timeout(3000),
            }),
            fetch(`${base}/admin/v1/payments/${erpRefId}`, {
              headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
              signal: AbortSignal.timeout(3000),
            }),
          ]);
          assert.deepEqual(
            others.map((response) => response.status),
            [200, 200, 404, 200],
          );
          for (const socket of sockets)
            assert.ok(!socket.destroyed, 'the server dropped a stalled client within 100 ms');
          assert.match(await trickled, /^HTTP\/1\.1 404 /);
        } finally {
          for (const socket of sockets) socket.destroy();
        }
        await delay(100);
        assert.deepEqual(
          changedTables(before, await fingerprint(t.database.db)),
          [],
          'a stalled request changed stored data',
        );
        assert.equal(
          (await t.app.inject({ method: 'GET', url: `/handover/${liveToken()}` })).statusCode,
          200,
          'the stalled POST used up the link',
        );
        await assertServing('stalled clients');
      });

      it('a CSV import that stalls mid-upload, then disconnects, changes nothing and frees the database', async () => {
        const before = await guard.current();
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        await once(socket, 'connect');
        const rows = 'customerRef,fullName,status\n9100100,Stalled Import,active\n';
        socket.write(
          `${crlf([
            'POST /admin/v1/members/import HTTP/1.1',
            'Host: 127.0.0.1',
            `Authorization: Bearer ${ADMIN_TOKEN}`,
            'Content-Type: text/csv',
            'Transfer-Encoding: chunked',
          ])}${Buffer.byteLength(rows).toString(16)}\r\n${rows}\r\n`,
        );
        try {
          await delay(100);
          const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) });
          assert.equal(health.status, 200);
          // The embedded database has one connection and the import holds it until the upload ends,
          // so there bank calls wait (docs/CLI.md, "Load the member register"). PostgreSQL serves them meanwhile.
          if (kind === 'postgres') {
            const validate = await fetch(`${base}/bank/v1/validate`, {
              method: 'POST',
              headers: { authorization: bearer, 'content-type': 'application/json' },
              body: '{"customerRef":"1111111"}',
              signal: AbortSignal.timeout(3000),
            });
            assert.equal(validate.status, 404);
          }
        } finally {
          socket.destroy();
        }
        // Once the uploader is gone, the import's transaction must end and the database serve again.
        const validate = await fetch(`${base}/bank/v1/validate`, {
          method: 'POST',
          headers: { authorization: bearer, 'content-type': 'application/json' },
          body: '{"customerRef":"9100100"}',
          signal: AbortSignal.timeout(5000),
        });
        assert.equal(validate.status, 404, 'the stalled import added its member');
        assert.deepEqual(
          changedTables(before, await fingerprint(t.database.db)),
          [],
          'the abandoned import changed stored data',
        );
      });
    });

    it('still serves /healthz and /readyz after all of it', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    });
  });
}
