import { MIN_PASSWORD_LENGTH } from '../auth/passwords.js';
import { escapeHtml, linkPage } from '../pages/link-page.js';
import type { PasswordLinkPurpose } from './operators-tables.js';

const WORDS: Record<PasswordLinkPurpose, { title: string; intro: (name: string) => string; done: string }> = {
  invite: {
    title: 'Set your password',
    intro: (name) => `Welcome, ${escapeHtml(name)}. Choose the password you will sign in with as`,
    done: 'Your password is set',
  },
  reset: {
    title: 'Choose a new password',
    intro: (name) => `${escapeHtml(name)}, choose the new password you will sign in with as`,
    done: 'Your new password is set',
  },
};

/** What GET shows: whom the link is for, and a form to choose a password. Opening it uses nothing up. */
export const invitePage = (
  who: { email: string; name: string },
  problem?: string,
  purpose: PasswordLinkPurpose = 'invite',
) =>
  linkPage(
    WORDS[purpose].title,
    `<p>${WORDS[purpose].intro(who.name)}
<strong>${escapeHtml(who.email)}</strong>. This link works once.</p>
${problem ? `<p class="problem" role="alert">The password ${escapeHtml(problem)}.</p>` : ''}
<form method="post">
<label for="password">Password (at least ${MIN_PASSWORD_LENGTH} characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<p><button type="submit">Set password</button></p>
</form>`,
  );

export const passwordSetPage = (email: string, purpose: PasswordLinkPurpose = 'invite') =>
  linkPage(
    WORDS[purpose].done,
    `<p>Sign in as <strong>${escapeHtml(email)}</strong> to <a href="/console">the console</a>, or with
<code>bis login</code> on the command line.</p>`,
  );
