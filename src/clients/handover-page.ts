import { createHash } from 'node:crypto';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}code{display:block;padding:.6rem;background:#f3f3f3;border-radius:4px;word-break:break-all;font-size:1rem}
button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}.note{color:#555}`;

/**
 * Only the inline style above may run: no script, no image, no frame, nothing from another
 * origin, and the form may post only back here.
 */
export const HANDOVER_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;

/** What GET shows: a button, and no secret, so a link scanner that fetches the link does not use it up. */
export const readyPage = () =>
  page(
    'Bank API credentials',
    `<p>This link shows a client ID and a client secret for the bank payment API, <strong>once</strong>.
Have somewhere safe to store them before you continue.</p>
<form method="post"><button type="submit">Reveal credentials</button></form>`,
  );

export const revealedPage = (clientId: string, clientSecret: string) =>
  page(
    'Your bank API credentials',
    `<p>Store both now. This page cannot be shown again.</p>
<p>client_id</p><code>${escapeHtml(clientId)}</code>
<p>client_secret</p><code>${escapeHtml(clientSecret)}</code>
<p class="note">Request a token with: POST /oauth/v1/token, grant_type=client_credentials, and these credentials in HTTP Basic or in the form body.</p>`,
  );

export const gonePage = () =>
  page(
    'Link no longer valid',
    '<p>This link has already been used, has expired or was withdrawn. Ask the organisation for a new one.</p>',
  );

export const unknownPage = () => page('Link not found', '<p>This link is not valid. Check that it was copied whole.</p>');
