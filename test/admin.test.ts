import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { admin, bankCall, bankWithToken, createBank, paymentBody, putMember } from './support/bank.js';
import { MINUTE } from './support/clock.js';
import { databaseKinds } from './support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from './support/test-app.js';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

interface AdminRoute {
  method: InjectOptions['method'];
  url: string;
  payload?: Record<string, unknown>;
}

/** Every admin route, each with a request that would succeed (or at least pass validation) with the right token. */
const ADMIN_ROUTES: AdminRoute[] = [
  { method: 'POST', url: '/admin/v1/clients', payload: { name: 'Intruder Bank' } },
  { method: 'GET', url: '/admin/v1/clients' },
  { method: 'GET', url: '/admin/v1/clients/some-client' },
  { method: 'POST', url: '/admin/v1/clients/some-client/secrets' },
  { method: 'DELETE', url: '/admin/v1/clients/some-client/secrets/some-secret' },
  { method: 'PUT', url: '/admin/v1/members/7000001', payload: { fullName: 'Intruder Member', status: 'active' } },
  { method: 'GET', url: '/admin/v1/members/7000001' },
  { method: 'GET', url: '/admin/v1/payments' },
  { method: 'GET', url: '/admin/v1/payments?status=accepted&limit=2' },
  { method: 'GET', url: '/admin/v1/payments/ABCDEFGH' },
];

let caller = 0;

/**
 * One call from an address of its own: refused calls from one address close the admin throttle
 * (tested on its own), which would turn these 401s into 429s.
 */
function callAs(app: FastifyInstance, route: AdminRoute, authorization: string | undefined) {
  caller++;
  return app.inject({
    method: route.method,
    url: route.url,
    remoteAddress: `10.77.${caller >> 8}.${caller & 255}`,
    headers: authorization === undefined ? {} : { authorization },
    ...(route.payload === undefined ? {} : { payload: route.payload }),
  });
}

/** The list of a list answer, whether it comes bare or as {items}. */
const listOf = (body: any): any[] => (Array.isArray(body) ? body : body.items);

function assertAdminError(body: any) {
  assert.equal(typeof body.error, 'string', `no error code in ${JSON.stringify(body)}`);
  assert.equal(typeof body.message, 'string', `no message in ${JSON.stringify(body)}`);
  assert.ok(body.message.length > 0);
}

for (const kind of databaseKinds()) {
  describe(`admin API (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    describe('its own bearer token', () => {
      it('refuses every admin route with 401 when no token is sent', async () => {
        for (const route of ADMIN_ROUTES) {
          const response = await callAs(t.app, route, undefined);
          assert.equal(response.statusCode, 401, `${route.method} ${route.url}: ${response.body}`);
        }
      });

      it('refuses every admin route with 401 for a wrong token', async () => {
        const wrong = [
          `Bearer ${ADMIN_TOKEN}x`,
          `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
          'Bearer wrong-token',
          `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}`,
          ADMIN_TOKEN,
        ];
        for (const route of ADMIN_ROUTES) {
          for (const authorization of wrong) {
            const response = await callAs(t.app, route, authorization);
            assert.equal(
              response.statusCode,
              401,
              `${route.method} ${route.url} with ${authorization}: ${response.body}`,
            );
          }
        }
      });

      it('refuses every admin route with 401 for a bank access token', async () => {
        const bank = await bankWithToken(t.app, 'Curious Bank');
        for (const route of ADMIN_ROUTES) {
          const response = await callAs(t.app, route, `Bearer ${bank.token}`);
          assert.equal(response.statusCode, 401, `${route.method} ${route.url}: ${response.body}`);
        }
      });

      it('changes nothing for a refused call', async () => {
        for (const route of ADMIN_ROUTES.filter((r) => r.method !== 'GET')) {
          assert.equal((await callAs(t.app, route, 'Bearer wrong-token')).statusCode, 401);
        }
        const listed = await admin(t.app, 'GET', '/clients');
        assert.equal(listed.statusCode, 200, listed.body);
        assert.ok(
          !listOf(json(listed)).some((client) => client.name === 'Intruder Bank'),
          'a refused POST made a client',
        );
        const member = await admin(t.app, 'GET', '/members/7000001');
        assert.equal(member.statusCode, 404, 'a refused PUT made a member');
      });

      it('accepts the admin token with the scheme in any case', async () => {
        const response = await callAs(t.app, { method: 'GET', url: '/admin/v1/clients' }, `bearer ${ADMIN_TOKEN}`);
        assert.equal(response.statusCode, 200, response.body);
      });
    });

    describe('clients', () => {
      it('creates a client: 201 {clientId, name, createdAt, allowedIps, disabled} with a URL-safe clientId', async () => {
        const created = await admin(t.app, 'POST', '/clients', { name: 'Equity Test Bank' });
        assert.equal(created.statusCode, 201, created.body);
        const body = json(created);
        assert.deepEqual(Object.keys(body).sort(), ['allowedIps', 'clientId', 'createdAt', 'disabled', 'name']);
        assert.match(body.clientId, /^[A-Za-z0-9\-._~]+$/);
        assert.equal(body.name, 'Equity Test Bank');
        assert.deepEqual(body.allowedIps, [], 'open to every address until the bank gives its own');
        assert.equal(body.disabled, false);
        assert.match(body.createdAt, ISO_DATE_TIME);
        assert.equal(Date.parse(body.createdAt), t.clock.now().getTime());
      });

      it('gives each client its own clientId', async () => {
        const one = json(await admin(t.app, 'POST', '/clients', { name: 'Same Name' }));
        const two = json(await admin(t.app, 'POST', '/clients', { name: 'Same Name' }));
        assert.notEqual(one.clientId, two.clientId);
      });

      it('answers 400 when the name is missing, empty or blank', async () => {
        for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 42 }, { title: 'No Name' }]) {
          const response = await admin(t.app, 'POST', '/clients', payload);
          assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
          assertAdminError(json(response));
        }
      });

      it('lists a created client in GET /admin/v1/clients', async () => {
        const created = json(await admin(t.app, 'POST', '/clients', { name: 'Listed Bank' }));
        const listed = await admin(t.app, 'GET', '/clients');
        assert.equal(listed.statusCode, 200, listed.body);
        const found = listOf(json(listed)).find((client) => client.clientId === created.clientId);
        assert.ok(found, 'the new client is not listed');
        assert.equal(found.name, 'Listed Bank');
        assert.equal(found.createdAt, created.createdAt);
      });

      it('shows one client by its id', async () => {
        const created = json(await admin(t.app, 'POST', '/clients', { name: 'Shown Bank' }));
        const shown = await admin(t.app, 'GET', `/clients/${created.clientId}`);
        assert.equal(shown.statusCode, 200, shown.body);
        const body = json(shown);
        assert.equal(body.clientId, created.clientId);
        assert.equal(body.name, 'Shown Bank');
        assert.equal(body.createdAt, created.createdAt);
        assert.deepEqual(body.secrets, []);
      });

      it('answers 404 for an unknown client', async () => {
        const response = await admin(t.app, 'GET', '/clients/no-such-client');
        assert.equal(response.statusCode, 404, response.body);
        assertAdminError(json(response));
      });

      it('revokes a secret: DELETE answers 204 with an empty body', async () => {
        const bank = await createBank(t.app, 'Revoked Bank');
        const response = await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/${bank.secretId}`);
        assert.equal(response.statusCode, 204, response.body);
        assert.equal(response.body, '');
      });

      it("answers 404 to DELETE of an unknown secret, of an unknown client, or of another client's secret", async () => {
        const bank = await createBank(t.app, 'Owner Bank');
        const other = await createBank(t.app, 'Other Bank');
        const unknownSecret = await admin(
          t.app,
          'DELETE',
          `/clients/${bank.clientId}/secrets/00000000-0000-4000-8000-000000000000`,
        );
        assert.equal(unknownSecret.statusCode, 404, unknownSecret.body);
        const notAnId = await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/not-a-secret`);
        assert.equal(notAnId.statusCode, 404, notAnId.body);
        const unknownClient = await admin(t.app, 'DELETE', `/clients/no-such-client/secrets/${bank.secretId}`);
        assert.equal(unknownClient.statusCode, 404, unknownClient.body);
        const crossed = await admin(t.app, 'DELETE', `/clients/${other.clientId}/secrets/${bank.secretId}`);
        assert.equal(crossed.statusCode, 404, crossed.body);
        const token = await t.app.inject({
          method: 'POST',
          url: '/oauth/v1/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: bank.clientId,
            client_secret: bank.clientSecret,
          }).toString(),
        });
        assert.equal(token.statusCode, 200, 'a DELETE through another client revoked the secret');
      });
    });

    describe('members', () => {
      it('creates a member with PUT: 201 with the member', async () => {
        const response = await admin(t.app, 'PUT', '/members/3000001', {
          fullName: 'Achieng Otieno',
          status: 'active',
        });
        assert.equal(response.statusCode, 201, response.body);
        const body = json(response);
        assert.equal(body.customerRef, '3000001');
        assert.equal(body.fullName, 'Achieng Otieno');
        assert.equal(body.status, 'active');
      });

      it('updates a member with PUT: 200 with the member as it now is', async () => {
        await putMember(t.app, '3000002', 'Kamau Njoroge');
        const response = await admin(t.app, 'PUT', '/members/3000002', {
          fullName: 'Kamau J. Njoroge',
          status: 'suspended',
        });
        assert.equal(response.statusCode, 200, response.body);
        const body = json(response);
        assert.equal(body.customerRef, '3000002');
        assert.equal(body.fullName, 'Kamau J. Njoroge');
        assert.equal(body.status, 'suspended');
        const again = await admin(t.app, 'PUT', '/members/3000002', { fullName: 'Kamau J. Njoroge', status: 'closed' });
        assert.equal(again.statusCode, 200, again.body);
        assert.equal(json(again).status, 'closed');
      });

      it('reads a member with GET: 200 with the member', async () => {
        await putMember(t.app, '3000003', 'Wanjiku Mwangi', 'suspended');
        const response = await admin(t.app, 'GET', '/members/3000003');
        assert.equal(response.statusCode, 200, response.body);
        const body = json(response);
        assert.equal(body.customerRef, '3000003');
        assert.equal(body.fullName, 'Wanjiku Mwangi');
        assert.equal(body.status, 'suspended');
      });

      it('answers 404 for a member that does not exist', async () => {
        const response = await admin(t.app, 'GET', '/members/3999999');
        assert.equal(response.statusCode, 404, response.body);
        assertAdminError(json(response));
      });

      it('answers 400 to PUT and GET when the Member Number is not seven digits', async () => {
        for (const ref of ['123456', '12345678', 'abcdefg', '12345a7', '１２３４５６７']) {
          const url = `/members/${encodeURIComponent(ref)}`;
          const put = await admin(t.app, 'PUT', url, { fullName: 'Nobody', status: 'active' });
          assert.equal(put.statusCode, 400, `PUT ${ref}: ${put.body}`);
          assertAdminError(json(put));
          const get = await admin(t.app, 'GET', url);
          assert.equal(get.statusCode, 400, `GET ${ref}: ${get.body}`);
        }
      });

      it('ignores spaces around the Member Number in the path', async () => {
        const put = await admin(t.app, 'PUT', `/members/${encodeURIComponent(' 3000004 ')}`, {
          fullName: 'Spaced Member',
          status: 'active',
        });
        assert.equal(put.statusCode, 201, put.body);
        assert.equal(json(put).customerRef, '3000004');
        const get = await admin(t.app, 'GET', '/members/3000004');
        assert.equal(get.statusCode, 200, get.body);
      });

      it('answers 400 for a status other than active, suspended or closed', async () => {
        for (const status of ['deleted', 'ACTIVE', '', 1]) {
          const response = await admin(t.app, 'PUT', '/members/3000005', { fullName: 'Status Test', status });
          assert.equal(response.statusCode, 400, `${JSON.stringify(status)}: ${response.body}`);
        }
        assert.equal((await admin(t.app, 'GET', '/members/3000005')).statusCode, 404, 'a refused PUT made the member');
      });

      it('answers 400 when fullName or status is missing or fullName is empty', async () => {
        for (const payload of [
          { status: 'active' },
          { fullName: 'No Status' },
          { fullName: '', status: 'active' },
          { fullName: '  ', status: 'active' },
        ]) {
          const response = await admin(t.app, 'PUT', '/members/3000006', payload);
          assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
        }
      });
    });

    describe('payments', () => {
      let bank: { clientId: string; token: string };
      const accepted: { erpRefId: string; transactionReference: string; customerRef: string; sentAt: number }[] = [];
      const held: { transactionReference: string; customerRef: string }[] = [];
      const A = '4000001';
      const B = '4000002';
      const UNVALIDATED = '4000003';

      async function pay(customerRef: string, overrides: Record<string, unknown> = {}) {
        const body = paymentBody(customerRef, overrides);
        const sentAt = t.clock.now().getTime();
        const response = await bankCall(t.app, bank.token, 'payments', body);
        t.clock.advance(MINUTE);
        return { response, body, sentAt };
      }

      before(async () => {
        bank = await bankWithToken(t.app, 'Paying Bank');
        await putMember(t.app, A, 'Atieno Auma');
        await putMember(t.app, B, 'Baraka Bett');
        await putMember(t.app, UNVALIDATED, 'Chebet Cherono');
        for (const ref of [A, B]) {
          const validated = await bankCall(t.app, bank.token, 'validate', { customerRef: ref });
          assert.equal(validated.statusCode, 200, validated.body);
        }
        const plan: [string, Record<string, unknown>][] = [
          [` ${A} `, { amount: 1500.5 }],
          [B, { amount: '0.10', paymentType: 'RTGS' }],
          [A, { amount: '1234567890123.45', paymentType: 'PESALINK' }],
          [B, { amount: '99' }],
          [A, { amount: '250.00', paymentType: 'BRANCH' }],
        ];
        for (const [ref, overrides] of plan) {
          const { response, body, sentAt } = await pay(ref, overrides);
          assert.equal(response.statusCode, 200, response.body);
          accepted.push({
            erpRefId: json(response).erpRefId,
            transactionReference: body.transactionReference,
            customerRef: ref.trim(),
            sentAt,
          });
        }
        for (const ref of [UNVALIDATED, '4999999']) {
          const { response, body } = await pay(ref);
          assert.ok([404, 422].includes(response.statusCode), response.body);
          held.push({ transactionReference: body.transactionReference, customerRef: ref });
        }
      });

      const list = async (query: string) => {
        const response = await admin(t.app, 'GET', `/payments${query}`);
        assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
        const body = json(response);
        assert.ok(Array.isArray(body.items), `no items in ${response.body}`);
        assert.ok('nextCursor' in body, `no nextCursor in ${response.body}`);
        return body as { items: any[]; nextCursor: string | null };
      };
      const refs = (items: any[]) => items.map((item) => item.transactionReference).sort();

      it('lists payments as {items, nextCursor}, with nextCursor null when everything fits', async () => {
        const body = await list('');
        assert.deepEqual(refs(body.items), [...accepted, ...held].map((p) => p.transactionReference).sort());
        assert.equal(body.nextCursor, null);
      });

      it('filters by status=accepted and status=held', async () => {
        const onlyAccepted = await list('?status=accepted');
        assert.deepEqual(refs(onlyAccepted.items), accepted.map((p) => p.transactionReference).sort());
        assert.ok(onlyAccepted.items.every((item) => item.status === 'accepted'));
        const onlyHeld = await list('?status=held');
        assert.deepEqual(refs(onlyHeld.items), held.map((p) => p.transactionReference).sort());
        assert.ok(onlyHeld.items.every((item) => item.status === 'held'));
      });

      it('filters by customerRef, ignoring spaces around it', async () => {
        const ofA = accepted
          .filter((p) => p.customerRef === A)
          .map((p) => p.transactionReference)
          .sort();
        assert.deepEqual(refs((await list(`?customerRef=${A}`)).items), ofA);
        assert.deepEqual(refs((await list(`?customerRef=${encodeURIComponent(` ${A} `)}`)).items), ofA);
        assert.deepEqual(refs((await list(`?customerRef=${UNVALIDATED}`)).items), [held[0]!.transactionReference]);
        assert.deepEqual((await list('?customerRef=4888888')).items, []);
      });

      it('finds a held payment by the customerRef the bank sent, even one that is not seven digits', async () => {
        const { response, body } = await pay('AB-12 ');
        assert.equal(response.statusCode, 404, response.body);
        assert.deepEqual(refs((await list('?customerRef=AB-12')).items), [body.transactionReference]);
        const withNul = await admin(t.app, 'GET', '/payments?customerRef=AB%00');
        assert.equal(withNul.statusCode, 400, withNul.body);
      });

      it('filters by from and to on the time the payment arrived', async () => {
        // Bounds fall between payments, so neither end's inclusiveness matters.
        const from = new Date(accepted[1]!.sentAt + 30_000).toISOString();
        const to = new Date(accepted[3]!.sentAt + 30_000).toISOString();
        const expected = [accepted[2]!, accepted[3]!].map((p) => p.transactionReference).sort();
        assert.deepEqual(
          refs((await list(`?status=accepted&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).items),
          expected,
        );
        const onlyFrom = await list(`?status=accepted&from=${encodeURIComponent(from)}`);
        assert.deepEqual(
          refs(onlyFrom.items),
          accepted
            .slice(2)
            .map((p) => p.transactionReference)
            .sort(),
        );
        const onlyTo = await list(`?status=accepted&to=${encodeURIComponent(to)}`);
        assert.deepEqual(
          refs(onlyTo.items),
          accepted
            .slice(0, 4)
            .map((p) => p.transactionReference)
            .sort(),
        );
      });

      it('pages with limit and cursor: every payment exactly once, and nextCursor null on the last page', async () => {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query: string = `?status=accepted&limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
          const page = await list(query);
          pages += 1;
          assert.ok(page.items.length <= 2, `page ${pages} has ${page.items.length} items`);
          assert.ok(page.items.length > 0 || page.nextCursor === null, `page ${pages} is empty but points to another`);
          seen.push(...page.items.map((item) => item.transactionReference));
          cursor = page.nextCursor;
          assert.ok(pages <= 5, 'the pages do not end');
        } while (cursor !== null);
        assert.equal(seen.length, 5, `saw ${JSON.stringify(seen)}`);
        assert.deepEqual([...seen].sort(), accepted.map((p) => p.transactionReference).sort());
        assert.equal(new Set(seen).size, 5, 'a payment came twice');
        assert.equal(pages, 3);
      });

      it('keeps the filters across pages', async () => {
        const first = await list(`?customerRef=${A}&limit=2`);
        assert.equal(first.items.length, 2);
        assert.notEqual(first.nextCursor, null);
        const second = await list(`?customerRef=${A}&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
        assert.equal(second.nextCursor, null);
        const all = [...first.items, ...second.items];
        assert.ok(all.every((item) => item.customerRef === A));
        assert.deepEqual(
          refs(all),
          accepted
            .filter((p) => p.customerRef === A)
            .map((p) => p.transactionReference)
            .sort(),
        );
      });

      it('answers 400 for a status other than accepted, held or returned, or a from that is not a date', async () => {
        for (const query of ['?status=bogus', '?from=yesterday', '?to=not-a-date']) {
          const response = await admin(t.app, 'GET', `/payments${query}`);
          assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
        }
        const bogus = await admin(t.app, 'GET', '/payments?status=bogus');
        assert.equal(json(bogus).message, 'status: must be one of accepted, held, returned');
      });

      it('shows one payment by its erpRefId, with the amount as an exact decimal string and customerRef trimmed', async () => {
        const expectations = [
          { payment: accepted[0]!, amount: '1500.50', paymentType: 'MPESA' },
          { payment: accepted[1]!, amount: '0.10', paymentType: 'RTGS' },
          { payment: accepted[2]!, amount: '1234567890123.45', paymentType: 'PESALINK' },
          { payment: accepted[3]!, amount: '99.00', paymentType: 'MPESA' },
        ];
        for (const { payment, amount, paymentType } of expectations) {
          const response = await admin(t.app, 'GET', `/payments/${payment.erpRefId}`);
          assert.equal(response.statusCode, 200, response.body);
          const body = json(response);
          assert.equal(body.erpRefId, payment.erpRefId);
          assert.equal(body.amount, amount);
          assert.equal(body.customerRef, payment.customerRef);
          assert.equal(body.transactionReference, payment.transactionReference);
          assert.equal(body.paymentType, paymentType);
          assert.equal(body.status, 'accepted');
          assert.equal(body.clientId, bank.clientId);
          const dates = Object.values(body).filter((v) => typeof v === 'string' && ISO_DATE_TIME.test(v));
          assert.ok(dates.length > 0, `no dates in ${response.body}`);
        }
      });

      it('answers 404 for an unknown erpRefId', async () => {
        for (const erpRefId of ['ZZZZZZZZ', 'nothing']) {
          const response = await admin(t.app, 'GET', `/payments/${erpRefId}`);
          assert.equal(response.statusCode, 404, response.body);
          assertAdminError(json(response));
        }
      });
    });

    describe('operations and documentation', () => {
      it('answers 200 to GET /healthz and GET /readyz without a token', async () => {
        const health = await t.app.inject({ method: 'GET', url: '/healthz' });
        assert.equal(health.statusCode, 200, health.body);
        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        assert.equal(ready.statusCode, 200, ready.body);
      });

      it('serves an OpenAPI 3.1 document of the bank and admin APIs at /openapi.json', async () => {
        const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
        assert.equal(response.statusCode, 200, response.body);
        const doc = json(response);
        assert.match(doc.openapi, /^3\.1\.\d+$/);
        for (const path of ['/oauth/v1/token', '/bank/v1/validate', '/bank/v1/payments', '/admin/v1/clients']) {
          assert.ok(doc.paths?.[path], `${path} is not documented`);
        }
      });

      it('documents the 401 and 404 answers of the bank routes, and describes the result codes', async () => {
        const doc = json(await t.app.inject({ method: 'GET', url: '/openapi.json' }));
        for (const path of ['/bank/v1/validate', '/bank/v1/payments']) {
          const responses = doc.paths[path]?.post?.responses ?? {};
          assert.ok(responses['401'], `${path} does not document 401`);
          assert.ok(responses['404'], `${path} does not document 404`);
        }
        const text = JSON.stringify(doc);
        assert.match(text, /resultCode/);
        const meanings: [number, RegExp][] = [
          [0, /\b0\b[^,;]{0,40}(found|accepted)/i],
          [1, /\b1\b[^,;]{0,40}not found/i],
          [2, /\b2\b[^,;]{0,40}not validated/i],
          [3, /\b3\b[^,;]{0,40}duplicate/i],
          [4, /\b4\b[^,;]{0,40}invalid/i],
        ];
        for (const [code, meaning] of meanings) assert.match(text, meaning, `result code ${code} is not described`);
      });
    });
  });

  describe(`admin API without an admin token configured (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { adminToken: undefined } })));
    after(() => t.close());

    it('refuses every admin call with 401, whatever bearer token is sent', async () => {
      const attempts = [undefined, `Bearer ${ADMIN_TOKEN}`, 'Bearer undefined', 'Bearer null', 'Bearer ', 'Bearer x'];
      for (const route of ADMIN_ROUTES) {
        for (const authorization of attempts) {
          const response = await callAs(t.app, route, authorization);
          assert.equal(
            response.statusCode,
            401,
            `${route.method} ${route.url} with ${String(authorization)}: ${response.body}`,
          );
        }
      }
    });

    it('still serves /healthz', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    });
  });
}
