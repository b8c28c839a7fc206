import { once } from 'node:events';
import net from 'node:net';

// Raw sockets, for what app.inject cannot send.

export interface RawResult {
  statuses: number[];
  text: string;
}

/**
 * Writes `parts` to a fresh connection and collects what comes back until the server closes it
 * or `waitMs` pass. Requests ask for Connection: close, so a complete answer ends the wait.
 */
export async function rawExchange(
  port: number,
  parts: (string | Buffer)[],
  { end = false, waitMs = 2000 } = {},
): Promise<RawResult> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {}); // a reset after a refusal is an acceptable end, not a failure
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    setTimeout(resolve, waitMs).unref();
  });
  for (const part of parts) socket.write(part);
  if (end) socket.end();
  await closed;
  socket.destroy();
  const text = Buffer.concat(chunks).toString('latin1');
  return { statuses: [...text.matchAll(/^HTTP\/1\.[01] (\d{3})/gm)].map((match) => Number(match[1])), text };
}

export const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
