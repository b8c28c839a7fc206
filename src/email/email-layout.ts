import { escapeHtml } from '../pages/link-page.js';
import type { OutgoingEmail } from './outgoing-email.js';

/** What an email says, in parts: the layout writes it twice, as plain text and as simple HTML. */
export interface EmailContent {
  to: readonly string[];
  kind: string;
  subject: string;
  /** Paragraphs of plain text, before the link. */
  lines: readonly string[];
  /** The one link the email is for, with the words of its button. */
  link?: { url: string; label: string };
  /** Paragraphs after the link: how long it works, what to do if it was not expected. */
  after?: readonly string[];
  organisationName: string;
}

/** A moment as the organisation reads it: "26 Nov 2026, 14:05 (Africa/Nairobi)". */
export function localMoment(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(instant);
  return `${text} (${timeZone})`;
}

// Inline styles only: many mail clients drop a <style> block. No image, no remote resource,
// nothing that tells anyone the email was opened.
const PARAGRAPH = 'margin:0 0 1em 0';
const BUTTON =
  'display:inline-block;padding:.6em 1.2em;background:#1f4e79;color:#ffffff;text-decoration:none;border-radius:4px';

/** One email, plain text and HTML saying the same; the link is written out in full in both. */
export function composeEmail(content: EmailContent): OutgoingEmail {
  const { link, after = [] } = content;
  const footer = `Sent by ${content.organisationName}'s payments service. This mailbox is not read.`;
  const text = [...content.lines, ...(link ? [`${link.label}:\n${link.url}`] : []), ...after, `-- \n${footer}`].join(
    '\n\n',
  );
  const paragraph = (line: string) => `<p style="${PARAGRAPH}">${escapeHtml(line).replace(/\n/g, '<br>')}</p>`;
  const linkHtml = link
    ? `<p style="${PARAGRAPH}"><a href="${escapeHtml(link.url)}" style="${BUTTON}">${escapeHtml(link.label)}</a></p>` +
      paragraph(`Or copy this address into your browser: ${link.url}`)
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a;max-width:40em">
${content.lines.map(paragraph).join('\n')}
${linkHtml}
${after.map(paragraph).join('\n')}
<p style="${PARAGRAPH};color:#666666;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;
  return { to: content.to, kind: content.kind, subject: content.subject.replace(/[\r\n]+/g, ' '), text, html };
}
