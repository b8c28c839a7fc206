// Debian's chromium package, driven by playwright-core: for the console's tests and its bench.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** .ci/run installs it when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM);

/** The machine's network may be closed: without these Chromium stalls on connections it cannot make. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
