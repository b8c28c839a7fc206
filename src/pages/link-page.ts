import { createHash } from 'node:crypto';

/*
 * The pages of one-time links (a bank's hand-over, an operator's invite): plain HTML with one
 * inline style and no script, so they work in any browser and leak nothing to another origin.
 */

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}code{display:block;padding:.6rem;background:#f3f3f3;border-radius:4px;word-break:break-all;font-size:1rem}
button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}.note{color:#555}.problem{color:#a00000}
label{display:block;margin:1rem 0 .3rem}input{font-size:1rem;padding:.5rem;width:100%;max-width:24rem;box-sizing:border-box}`;

/**
 * Only the inline style above may apply: no script, no image, no frame, nothing from another
 * origin, and a form may post only back here.
 */
export const LINK_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A whole page; `body` is HTML the caller has escaped. */
export const linkPage = (title: string, body: string) =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;
