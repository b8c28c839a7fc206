import { Argument, type Command, Option } from 'commander';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { segment } from './admin-client.js';
import type { Answer } from './api-types.js';
import { positiveInt } from './arguments.js';
import { contextOf } from './context.js';
import { localTime, serviceTimeZone } from './local-time.js';
import { type Column, details, print, printJson, table } from './output.js';

type Webhook = Answer<'/webhooks/{webhookId}', 'get'> & Partial<Pick<Answer<'/webhooks', 'post', 201>, 'secret'>>;

type Message = Answer<'/webhooks/{webhookId}/messages', 'get'>['items'][number];

const EVENTS: readonly string[] = WEBHOOK_EVENTS;
const NOT_FOUND = { 404: 'list the webhooks and their IDs with: bis webhooks list' };

const webhookDetails = (w: Webhook) =>
  details([
    ['webhookId', w.webhookId],
    ['url', w.url],
    ['internal', w.internal ? 'yes: may be at a loopback or private address' : 'no'],
    ['description', w.description],
    ['events', w.events.join(', ')],
    ['enabled', w.enabled ? 'yes' : `no: ${w.disabledReason ?? 'disabled'}`],
  ]);

/** `bis webhooks`: the ERP's endpoints, what was sent to them, and sending again. */
export function registerWebhooks(program: Command): void {
  const webhooks = program
    .command('webhooks')
    .description("signed messages to the ERP's endpoints when payments change");

  webhooks
    .command('add')
    .description('add an endpoint: prints its signing secret, once')
    .argument('<url>', 'https:// (http:// only with --internal, or BIS_WEBHOOKS_ALLOW_HTTP=true)')
    .addOption(new Option('--events <events...>', 'the events it gets (default: every payment event)').choices(EVENTS))
    .option('--description <text>', 'what it is, e.g. "ERPNext production"')
    .option('--internal', 'the ERP is on our own network or this machine: a private or loopback address')
    .action(
      async (
        url: string,
        options: { events?: string[]; description?: string; internal?: boolean },
        command: Command,
      ) => {
        const { api, json } = contextOf(command);
        const events = options.events ?? EVENTS.filter((event) => event.startsWith('payment.'));
        const { body } = await api.call<Webhook>('POST', '/webhooks', {
          json: { url, events, description: options.description, internal: options.internal === true },
        });
        if (json) return printJson(body);
        print(webhookDetails(body));
        print(`\nSigning secret (shown this once; give it to the ERP's integrator):\n\n  ${body.secret}`);
      },
    );

  webhooks
    .command('list')
    .description('list the endpoints')
    .action(async (_options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<{ items: Webhook[] }>('GET', '/webhooks');
      if (json) return printJson(body);
      const columns: Column<Webhook>[] = [
        { header: 'ID', value: (w) => w.webhookId },
        { header: 'Enabled', value: (w) => (w.enabled ? 'yes' : 'no') },
        { header: 'URL', value: (w) => w.url, max: 48 },
        { header: 'Internal', value: (w) => (w.internal ? 'yes' : 'no') },
        { header: 'Events', value: (w) => w.events.length, right: true },
      ];
      print(table(body.items, columns));
    });

  webhooks
    .command('show')
    .description('show an endpoint')
    .argument('<id>', 'the webhook ID')
    .action(async (id: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Webhook>('GET', `/webhooks/${segment(id)}`, { hints: NOT_FOUND });
      if (json) return printJson(body);
      print(webhookDetails(body));
    });

  webhooks
    .command('internal')
    .description('say whether an endpoint is on our own network (a loopback or private address; http://)')
    .argument('<id>', 'the webhook ID')
    .addArgument(new Argument('<yes|no>').choices(['yes', 'no']))
    .action(async (id: string, answer: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Webhook>('PATCH', `/webhooks/${segment(id)}`, {
        json: { internal: answer === 'yes' },
        hints: NOT_FOUND,
      });
      if (json) return printJson(body);
      print(webhookDetails(body));
    });

  webhooks
    .command('messages')
    .description("an endpoint's messages, newest first, and how their delivery went")
    .argument('<id>', 'the webhook ID')
    .addOption(new Option('--status <status>', 'only these').choices(['pending', 'delivered', 'failed']))
    .option('--limit <n>', 'at most this many', positiveInt, 50)
    .action(async (id: string, options: { status?: string; limit: number }, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<{ items: Message[] }>('GET', `/webhooks/${segment(id)}/messages`, {
        query: { status: options.status, limit: String(options.limit) },
        hints: NOT_FOUND,
      });
      if (json) return printJson(body);
      const timeZone = await serviceTimeZone(api);
      const columns: Column<Message>[] = [
        { header: 'Message', value: (m) => m.messageId },
        { header: 'Event', value: (m) => m.type, max: 31 },
        { header: 'Payment', value: (m) => m.paymentId, right: true },
        { header: 'When', value: (m) => localTime(m.occurredAt, timeZone) },
        { header: 'Status', value: (m) => m.status },
        { header: 'Tries', value: (m) => m.attempts, right: true },
        { header: 'Last', value: (m) => m.lastStatusCode, right: true },
      ];
      print(table(body.items, columns));
    });

  webhooks
    .command('replay')
    .description('send again: one message, or every message that failed since a time')
    .argument('<id>', 'the webhook ID')
    .argument('[message]', 'the message ID (msg_…)')
    .option('--since <date>', 'every failed message since this date or date-time')
    .action(async (id: string, message: string | undefined, options: { since?: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const path = message
        ? `/webhooks/${segment(id)}/messages/${segment(message)}/replay`
        : `/webhooks/${segment(id)}/replay`;
      const { body } = await api.call<unknown>('POST', path, {
        json: message ? {} : { since: options.since },
        hints: NOT_FOUND,
      });
      if (json) return printJson(body);
      print(
        message
          ? `${message} goes out again now.`
          : `${(body as { replayed: number }).replayed} messages go out again now.`,
      );
    });

  webhooks
    .command('test')
    .description('send a webhook.test event to an endpoint')
    .argument('<id>', 'the webhook ID')
    .action(async (id: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Message>('POST', `/webhooks/${segment(id)}/test`, { hints: NOT_FOUND });
      if (json) return printJson(body);
      print(`${body.messageId} is on its way: see it with bis webhooks messages ${id}`);
    });
}
