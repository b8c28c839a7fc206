import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AppConfig } from '../../src/app.js';
import type { SmtpSettings } from '../../src/email/email-config.js';

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl for this test process. */
export function selfSignedCertificate(): { key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bis-smtp-cert-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/** An email as the mail server received it, parsed, with the envelope it came with. */
export interface Received {
  mail: ParsedMail;
  envelopeTo: string[];
  /** Whether the session that carried it was encrypted (STARTTLS). */
  secure: boolean;
}

/**
 * A real SMTP server on 127.0.0.1, started before the suite's next before hook, that a test may
 * stop and start again on the same port:
 * STARTTLS offered with a self-signed certificate (`tls`), or plain. Every email it takes is kept.
 */
export function testSmtpServer(options: { tls: boolean }) {
  const certificate = options.tls ? selfSignedCertificate() : undefined;
  const received: Received[] = [];
  const waiting: Array<() => void> = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const make = () =>
    new SMTPServer({
      ...(certificate ? { key: certificate.key, cert: certificate.cert } : { disabledCommands: ['STARTTLS'] }),
      authOptional: true,
      logger: false,
      onData(stream, session, done) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ mail, envelopeTo: session.envelope.rcptTo.map((r) => r.address), secure: session.secure });
            for (const wake of waiting.splice(0)) wake();
            done();
          })
          .catch(done);
      },
    });

  const api = {
    received,
    get port() {
      return port;
    },
    /** The settings BIS_SMTP_URL would give for this server. */
    settings(): SmtpSettings {
      return {
        host: '127.0.0.1',
        port,
        implicitTls: false,
        starttls: certificate ? 'required' : 'never',
        user: undefined,
        password: undefined,
        ca: certificate?.cert,
      };
    },
    /** An app's settings that send through this server: read as the app starts, once the server has. */
    appConfig(more: Partial<AppConfig> = {}): Partial<AppConfig> {
      return {
        get smtp() {
          return api.settings();
        },
        mailFrom: 'Payments <payments@sacco.example>',
        ...more,
      };
    },
    url: () => `smtp://127.0.0.1:${port}${certificate ? '' : '?starttls=never'}`,
    caFile: () => certificate?.certFile,
    async start(): Promise<void> {
      server = make();
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.server.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      port = (listening.server.address() as AddressInfo).port;
    },
    async stop(): Promise<void> {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    /** Waits until `count` emails have arrived, or fails after `ms`. */
    async waitFor(count: number, ms = 20_000): Promise<Received[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${received.length} email(s) arrived, ${count} expected`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 500));
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
  };
  // Started before what the suite starts next, which is then given its port.
  before(() => api.start());
  after(() => api.stop());
  return api;
}

/** The one link of an email's plain text that starts with `origin`. */
export function linkIn(mail: ParsedMail, origin: string): string {
  const found = (mail.text ?? '').match(new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\S+`));
  if (!found) throw new Error(`no link to ${origin} in:\n${mail.text}`);
  return found[0];
}
