import { escapeHtml, linkPage } from '../pages/link-page.js';

/** What GET shows: a button, and no secret, so a link scanner that fetches the link does not use it up. */
export const readyPage = () =>
  linkPage(
    'Bank API credentials',
    `<p>This link shows a client ID and a client secret for the bank payment API, <strong>once</strong>.
Have somewhere safe to store them before you continue.</p>
<form method="post"><button type="submit">Reveal credentials</button></form>`,
  );

export const revealedPage = (clientId: string, clientSecret: string) =>
  linkPage(
    'Your bank API credentials',
    `<p>Store both now. This page cannot be shown again.</p>
<p>client_id</p><code>${escapeHtml(clientId)}</code>
<p>client_secret</p><code>${escapeHtml(clientSecret)}</code>
<p class="note">Request a token with: POST /oauth/v1/token, grant_type=client_credentials, and these credentials in HTTP Basic or in the form body.</p>`,
  );
