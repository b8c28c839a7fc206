const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

/** A change to a webhook endpoint, as the fields it changed (webhooks-service.ts, update). */
export function webhookChange({ d, name }: { d: Record<string, unknown>; name: string }): string {
  const changes = [
    d.enabled === false ? 'stopped its deliveries' : d.enabled === true ? 'resumed its deliveries' : undefined,
    text(d.url) ? `set its address to ${d.url}` : undefined,
    Array.isArray(d.events) ? `set its events to ${texts(d.events).join(', ')}` : undefined,
    typeof d.description === 'string' ? `set its description to “${d.description}”` : undefined,
    d.internal === true ? 'marked it internal' : d.internal === false ? 'marked it public' : undefined,
    d.test_events === true
      ? 'sent it test payments too'
      : d.test_events === false
        ? 'stopped its test payments'
        : undefined,
  ].filter(Boolean);
  if (changes.length === 1 && d.enabled !== undefined)
    return `${d.enabled ? 'resumed' : 'stopped'} deliveries to ${name}`;
  return `changed the webhook endpoint ${name}${changes.length ? `: ${changes.join('; ')}` : ''}`;
}
