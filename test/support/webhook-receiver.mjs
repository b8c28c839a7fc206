// A webhook receiver as an ERP integrator would write one, run as a process of its own: it checks
// every signature with the standardwebhooks library (a peer implementation of the specification)
// and answers as the test plans: ok (204), 500, 410, close (the connection, with no answer) or
// timeout (no answer at all). POST /__plan {secrets?, plan?} sets it up; GET /__received tells
// what came. It prints {"port": N} on its first line of output.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

let secrets = [];
let plan = [];
const received = [];
const held = new Set();

function verify(body, headers) {
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(body, headers);
      return true;
    } catch {}
  }
  return false;
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (request.url === '/__plan') {
      const asked = JSON.parse(body);
      if (asked.secrets) secrets = asked.secrets;
      if (asked.plan) plan = [...asked.plan];
      response.writeHead(204).end();
      return;
    }
    if (request.url === '/__received') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    const behaviour = plan.shift() ?? 'ok';
    let event = null;
    try {
      event = JSON.parse(body);
    } catch {}
    received.push({
      id: request.headers['webhook-id'],
      timestamp: request.headers['webhook-timestamp'],
      type: event?.type ?? null,
      livemode: event?.livemode ?? null,
      data: event?.data ?? null,
      verified: verify(body, request.headers),
      behaviour,
    });
    if (behaviour === 'timeout') {
      held.add(response);
      return;
    }
    if (behaviour === 'close') {
      request.socket.destroy();
      return;
    }
    const status = behaviour === 'ok' ? 204 : Number(behaviour);
    response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 204 ? undefined : `answer ${status}`);
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
