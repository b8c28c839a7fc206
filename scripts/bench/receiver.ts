// The webhook receiver of `npm run bench`: answers every delivery 204 at once, as a quick ERP
// would, and counts them. GET /count tells how many arrived and how many distinct webhook-ids.
// It runs as its own process and prints its address on one line once it listens.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let requests = 0;
const ids = new Set<string>();

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ requests, distinct: ids.size }));
    return;
  }
  request.resume();
  request.on('end', () => {
    requests += 1;
    const id = request.headers['webhook-id'];
    if (typeof id === 'string') ids.add(id);
    response.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`http://127.0.0.1:${port}\n`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
