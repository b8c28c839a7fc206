import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  AddressNotAllowed,
  guardedLookup,
  type HostResolver,
  literalAddress,
  type Reach,
  refusalOf,
} from './webhook-addresses.js';

/** What a receiver said: its status and the start of its body. */
export interface Answer {
  statusCode: number;
  text: string;
}

/** Posts a message to a receiver. Throws `AddressNotAllowed` before connecting to an address it may not reach. */
export type Post = (
  url: string,
  reach: Reach,
  request: { headers: Record<string, string>; body: string; signal: AbortSignal; keep: number },
) => Promise<Answer>;

async function firstBytes(response: IncomingMessage, keep: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= keep) break;
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks).subarray(0, keep).toString('utf8');
}

/**
 * Posts through agents whose sockets resolve names with the address check (webhook-addresses.ts).
 * Public endpoints and internal ones have agents of their own, so a kept-alive connection to an
 * internal address is never reused by an endpoint that may not reach it.
 */
export function createWebhookPost(resolve: HostResolver): Post {
  const agents = {
    public: { http: new HttpAgent(options('public')), https: new HttpsAgent(options('public')) },
    internal: { http: new HttpAgent(options('internal')), https: new HttpsAgent(options('internal')) },
  };
  function options(reach: Reach) {
    return { keepAlive: true, timeout: 5_000, lookup: guardedLookup(resolve, reach) };
  }

  return (url, reach, { headers, body, signal, keep }) => {
    const target = new URL(url);
    // A literal address is connected to without a lookup: it is checked here instead.
    const literal = literalAddress(target);
    const refusal = literal ? refusalOf(literal, reach) : undefined;
    if (refusal) return Promise.reject(new AddressNotAllowed(refusal));
    const https = target.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    const agent = agents[reach][https ? 'https' : 'http'];
    return new Promise<Answer>((resolved, failed) => {
      const outgoing = send(target, { method: 'POST', agent, headers, signal }, (response) => {
        firstBytes(response, keep).then(
          (text) => resolved({ statusCode: response.statusCode ?? 0, text }),
          // An answer whose status came but whose body broke off still counts by its status.
          () => resolved({ statusCode: response.statusCode ?? 0, text: '' }),
        );
      });
      outgoing.on('error', failed);
      outgoing.end(body);
    });
  };
}
