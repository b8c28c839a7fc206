import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { serviceOk } from '../support/service-http.js';

describeConsole('the console and the roles', {}, (rig) => {
  let elsewhere: Server;
  let elsewhereUrl: string;
  before(async () => {
    // Another site, on another port: its page posts a form to the admin API as soon as it opens.
    elsewhere = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><form id="f" method="post" action="${rig.origin}/admin/v1/clients"
        enctype="text/plain"><input name='{"name":"Forged Bank","x":"' value='"}'></form>
        <script>document.getElementById('f').submit()</script>`);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const address = elsewhere.address();
    elsewhereUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  after(async () => {
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  test('a viewer sees no page or button of finance or admin, and the API refuses their calls', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    const nav = await page.getByRole('navigation', { name: 'Main' }).innerText();
    assert.doesNotMatch(nav, /Exports/);
    assert.match(nav, /Payments/);
    for (const path of ['/console/exports']) {
      await page.goto(`${rig.origin}${path}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }
    // The same calls the finance and admin pages make, from the viewer's own signed-in page.
    // A string, so the test runner's compiler adds nothing the page does not have.
    const statuses = await page.evaluate(`(async () => {
      const session = await (await fetch('/admin/v1/session')).json();
      const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken };
      const post = (path, body) =>
        fetch(path, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.status);
      return {
        addBank: await post('/admin/v1/clients', { name: 'Viewer Bank' }),
        returnPayment: await post('/admin/v1/payments/1/return', { note: 'no' }),
        addWebhook: await post('/admin/v1/webhooks', { url: 'https://erp.example/hook', events: ['payment.accepted'] }),
        export: await fetch('/admin/v1/payments/export').then((r) => r.status),
        listPayments: await fetch('/admin/v1/payments').then((r) => r.status),
      };
    })()`);
    assert.deepEqual(statuses, { addBank: 403, returnPayment: 403, addWebhook: 403, export: 403, listPayments: 200 });
    await page.context().close();
  });

  test('a request another site makes with the signed-in browser is refused, and changes nothing', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    const refused = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url() === `${rig.origin}/admin/v1/clients`,
    );
    await page.goto(elsewhereUrl);
    assert.equal((await refused).status(), 403);
    const clients = await serviceOk(rig.origin, 'GET', '/admin/v1/clients');
    assert.deepEqual(
      clients.items.filter((client: { name: string }) => client.name === 'Forged Bank'),
      [],
    );
    await page.context().close();
  });
});
