// The ceiling of `npm run bench`: a bare Fastify server on the three bank routes, answering
// constant bodies shaped like the service's. Whatever the service does beyond that (auth,
// validation, logging, the database) is what the ratio to this server measures.
// It runs as its own process so it does not share an event loop with the load generator, and
// prints its address on one line once it listens.

import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

// A plain Fastify app: no logger, JSON bodies parsed as Fastify always does, and a form parser
// for the token endpoint (the service reads its form body too).
const app = Fastify();
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
  done(null, Object.fromEntries(new URLSearchParams(body as string)));
});

// As long as a real access token (an HS256 JWT with the client ID and times).
const token = {
  access_token: `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiJjZWlsaW5nIiwiaWF0IjoxNzAwMDAwMDAwLCJleHAiOjE3MDAwMDM2MDB9'.repeat(2)}.${'s'.repeat(43)}`,
  token_type: 'Bearer',
  expires_in: 3600,
};
const found = {
  resultCode: 0,
  message: 'Customer found',
  customerName: 'Member 1234, Nairobi',
  customerRef: '1001234',
};
const accepted = {
  resultCode: 0,
  message: 'Payment accepted',
  erpRefId: '38Y7JWWR',
  transactionReference: 'FT26325ABCD',
};

app.post('/oauth/v1/token', async (_request, reply) => {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  return token;
});
app.post('/bank/v1/validate', async () => found);
app.post('/bank/v1/payments', async () => accepted);

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`http://127.0.0.1:${port}\n`);

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
