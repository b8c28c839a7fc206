// How long the console's dashboard takes to open, in Chromium, signed in as a viewer: from asking
// for the page until its figures, its tables and its chart are all shown.
import { launchBrowser } from '../chromium.js';
import { addOperator } from './setup.js';

/** A viewer made through the admin API, its password set through its invite link; the session cookie. */
async function viewerSession(url: string, adminToken: string, publicUrl: string): Promise<string> {
  const password = 'a long bench password, 42 horses';
  const email = await addOperator(url, adminToken, 'viewer', password);
  // A sign-in must come from the service's own pages: its origin is BIS_PUBLIC_URL's.
  const signIn = await fetch(`${url}/admin/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(publicUrl).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = /^([^=]+)=([^;]*)/.exec(signIn.headers.get('set-cookie') ?? '');
  if (!cookie?.[1] || cookie[2] === undefined) throw new Error('sign-in: no session cookie');
  return `${cookie[1]}=${cookie[2]}`;
}

export interface DashboardTimes {
  /** Milliseconds to open the dashboard, each time in a fresh page (the first one cold). */
  opened: number[];
  /** Each API call of the last opening and how long it took: where the time went. */
  calls: { path: string; ms: number }[];
}

export async function timeDashboard(
  url: string,
  adminToken: string,
  publicUrl: string,
  runs = 6,
): Promise<DashboardTimes> {
  const [name = '', value = ''] = (await viewerSession(url, adminToken, publicUrl)).split('=');
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url }]);
    const times: number[] = [];
    let calls: DashboardTimes['calls'] = [];
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${url}/console`);
      await page.locator('caption', { hasText: 'Per channel' }).waitFor();
      await page.locator('.figure', { hasText: 'Oldest held payment' }).waitFor();
      await page.locator('.chart canvas').waitFor();
      times.push(performance.now() - started);
      // A string: the page runs it as it is.
      calls = (await page.evaluate(`performance.getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/admin/'))
        .map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search, ms: Math.round(entry.duration) }))`)) as DashboardTimes['calls'];
      await page.close();
    }
    return { opened: times, calls };
  } finally {
    await browser.close();
  }
}
