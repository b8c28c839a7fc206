import type { Command } from 'commander';
import { type AdminClient, segment } from './admin-client.js';
import { refusal } from './api-errors.js';
import type { Answer } from './api-types.js';
import type { Client } from './clients.js';
import { contextOf } from './context.js';
import { CliError, EXIT } from './errors.js';
import { details, print, printJson } from './output.js';
import { shellQuote } from './shell.js';

type Member = Answer<'/members/{customerRef}', 'put'>;
/**
 * What a hand-over link reveals, as the banks' document (GET /openapi.json) declares it: the types
 * generated for the console and this CLI are the admin API's alone.
 */
type Credentials = { client_id: string; client_secret: string };

const DEMO_MEMBERS: Pick<Member, 'customerRef' | 'fullName' | 'status'>[] = [
  { customerRef: '1234567', fullName: 'Jane Wanjiru', status: 'active' },
  { customerRef: '7654321', fullName: 'Peter Otieno', status: 'suspended' },
];

/** The demo writes two well-known Member Numbers; on a real register they could belong to real people. */
async function refuseToOverwrite(api: AdminClient): Promise<void> {
  for (const wanted of DEMO_MEMBERS) {
    const response = await api.send('GET', `/members/${wanted.customerRef}`);
    if (response.status === 404) continue;
    if (!response.ok) throw await refusal(response);
    const found = await api.readJson<Member>(response);
    if (found.fullName !== wanted.fullName || found.status !== wanted.status) {
      throw new CliError(
        EXIT.refused,
        `member ${wanted.customerRef} already exists as ${JSON.stringify(found.fullName)} (${found.status}), and bis demo would overwrite it: run the demo on a test instance, or pass --force`,
      );
    }
  }
}

const DEMO_BANK = 'Demo Bank';

/**
 * The demo's own client, made once and used again on every run, so demo clients do not pile up.
 * It may hold two secrets: the oldest of those still holding a slot is revoked to make room.
 */
async function demoClient(api: AdminClient): Promise<Client> {
  const { body: list } = await api.call<{ items: Client[] }>('GET', '/clients');
  const existing = list.items.find((client) => client.name === DEMO_BANK);
  if (!existing) return (await api.call<Client>('POST', '/clients', { json: { name: DEMO_BANK } })).body;
  const path = `/clients/${segment(existing.clientId)}`;
  const { body: shown } = await api.call<Answer<'/clients/{clientId}', 'get'>>('GET', path);
  const holding = shown.secrets.filter((secret) => secret.state === 'active' || secret.state === 'awaiting_handover');
  const [oldest] = holding.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (oldest && holding.length >= 2) await api.call('DELETE', `${path}/secrets/${segment(oldest.secretId)}`);
  if (existing.disabled) await api.call('PATCH', path, { json: { disabled: false } });
  return existing;
}

/**
 * Uses the link as the bank would. The link is built from BIS_PUBLIC_URL for the bank, which need
 * not resolve from where bis runs; the service answers the same path on BIS_URL.
 */
async function reveal(api: AdminClient, handoverUrl: string): Promise<Credentials> {
  const token = new URL(handoverUrl).pathname.split('/').pop() ?? '';
  const { body } = await api.call<Credentials>('POST', `/handover/${segment(token)}`, {
    auth: false,
    fromRoot: true,
    accept: 'application/json',
  });
  return body;
}

/** A shell walk-through of the bank API with these credentials; every line works when pasted. */
export function walkThrough(baseUrl: string, { client_id, client_secret }: Credentials): string {
  const call = (path: string, data: string) =>
    `curl -s -w '  (HTTP %{http_code})\\n' -X POST "$BIS_URL${path}" -H "$AUTH" -H 'Content-Type: application/json' -d ${data}`;
  const payment = JSON.stringify({
    transactionReference: 'DEMO-0001',
    paymentType: 'MPESA',
    customerRef: '1234567',
    amount: '1500.50',
  });
  return [
    `BIS_URL=${shellQuote(baseUrl)}`,
    `CLIENT_ID=${shellQuote(client_id)}`,
    `CLIENT_SECRET=${shellQuote(client_secret)}`,
    '',
    '# 1. Get an access token with the client credentials. It lasts an hour: reuse it.',
    `TOKEN=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials "$BIS_URL/oauth/v1/token" | sed -n 's/.*"access_token":"\\([^"]*\\)".*/\\1/p')`,
    'AUTH="Authorization: Bearer $TOKEN"',
    '',
    '# 2. Validate Jane Wanjiru before taking her payment: 200 with her name.',
    call('/bank/v1/validate', `'{"customerRef":"1234567"}'`),
    '',
    '# 3. Notify the payment: 200 with its receipt, the erpRefId.',
    `PAYMENT=${shellQuote(payment)}`,
    call('/bank/v1/payments', '"$PAYMENT"'),
    '',
    '# 4. Send the same notification again, as after a timeout: the same erpRefId, still one payment.',
    call('/bank/v1/payments', '"$PAYMENT"'),
    '',
    '# 5. Peter Otieno is suspended: 404, so the bank must not take his payment.',
    call('/bank/v1/validate', `'{"customerRef":"7654321"}'`),
    '',
    '# Then, as finance: bis payments list --member 1234567',
  ].join('\n');
}

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description(
      'seed a demo bank and two members, and print a curl walk-through of the bank API that works when pasted',
    )
    .option('--force', 'overwrite members 1234567 and 7654321 even if they exist with other details')
    .addHelpText(
      'after',
      '\nMeant for a test instance. It creates a client "Demo Bank" with a secret, and members\n1234567 Jane Wanjiru (active) and 7654321 Peter Otieno (suspended). The walk-through prints that secret.',
    )
    .action(async (options: { force?: boolean }, command: Command) => {
      const { api, json } = contextOf(command);
      if (!options.force) await refuseToOverwrite(api);
      const client = await demoClient(api);
      const { body: issued } = await api.call<Answer<'/clients/{clientId}/secrets', 'post', 201>>(
        'POST',
        `/clients/${segment(client.clientId)}/secrets`,
      );
      const credentials = await reveal(api, issued.handoverUrl);
      const members: Member[] = [];
      for (const { customerRef, fullName, status } of DEMO_MEMBERS) {
        members.push((await api.call<Member>('PUT', `/members/${customerRef}`, { json: { fullName, status } })).body);
      }
      if (json) return printJson({ baseUrl: api.baseUrl, ...credentials, members });
      print(`${client.name} is ready on ${api.baseUrl}:\n\n`);
      print(
        details([
          ['client_id', credentials.client_id],
          ['client_secret', credentials.client_secret],
          ['members', members.map((m) => `${m.customerRef} ${m.fullName} (${m.status})`).join(', ')],
        ]),
      );
      print('\nAct as the bank: paste these lines into a shell (bash or zsh, with curl and sed).\n\n');
      print(walkThrough(api.baseUrl, credentials));
    });
}
