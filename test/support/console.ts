import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { AppConfig } from '../../src/app.js';
import { launchBrowser, NEEDS_CHROMIUM } from './browser.js';
import { type DatabaseKind, databaseKinds } from './databases.js';
import { startAtOwnOrigin, type TestApp } from './test-app.js';

export interface ConsoleRig {
  service: TestApp;
  browser: Browser;
  /** Where the service listens, and its public URL: sign-ins must come from there. */
  origin: string;
  close(): Promise<void>;
}

let browser: Promise<Browser> | undefined;

/**
 * One Chromium for the whole file, both databases' suites: a suite opens contexts of its own, which
 * share nothing, and a launch costs more than most of the tests it would serve.
 */
function fileBrowser(): Promise<Browser> {
  browser ??= launchBrowser();
  return browser;
}

after(async () => {
  if (browser) await (await browser).close();
});

/** The service listening on a port of its own, as a browser reaches it, and a headless Chromium. */
export async function startConsole(kind: DatabaseKind, config: Partial<AppConfig> = {}): Promise<ConsoleRig> {
  const { service, origin } = await startAtOwnOrigin(kind, { config });
  return { service, browser: await fileBrowser(), origin, close: () => service.close() };
}

/**
 * A suite of console tests on each database, skipped without Chromium: the service, with the
 * settings given, listens before the suite's tests and closes after them. `rig` is the suite's
 * own: read its parts inside hooks and tests, once it has started.
 */
export function describeConsole(
  title: string,
  config: Partial<AppConfig>,
  body: (rig: ConsoleRig, kind: DatabaseKind) => void,
): void {
  for (const kind of databaseKinds()) {
    describe(`${title} (${kind})`, { skip: NEEDS_CHROMIUM }, () => {
      let started: ConsoleRig | undefined;
      before(async () => (started = await startConsole(kind, config)));
      after(() => started?.close());
      const current = () => {
        if (!started) throw new Error('the console has not started');
        return started;
      };
      const rig: ConsoleRig = {
        get service() {
          return current().service;
        },
        get browser() {
          return current().browser;
        },
        get origin() {
          return current().origin;
        },
        close: () => current().close(),
      };
      body(rig, kind);
    });
  }
}

/** Signs in on the console's sign-in page, with the two-factor code when one is given; the dashboard is open. */
export async function signInOnPage(
  page: Page,
  rig: ConsoleRig,
  operator: { email: string; password: string; code?: string },
): Promise<void> {
  await page.goto(`${rig.origin}/console`);
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (operator.code !== undefined) {
    await page.getByLabel('Two-factor code').fill(operator.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** A new browser context signed in through the sign-in page; the dashboard is open. */
export async function signedInPage(rig: ConsoleRig, operator: { email: string; password: string }): Promise<Page> {
  const page = await (await rig.browser.newContext()).newPage();
  await signInOnPage(page, rig, operator);
  return page;
}
