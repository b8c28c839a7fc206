import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { CHROMIUM, hasChromium } from '../../scripts/chromium.js';

export { launchBrowser } from '../../scripts/chromium.js';

export const NEEDS_CHROMIUM = hasChromium()
  ? false
  : `Browser suites skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * The page's serious and critical accessibility violations, by axe-core. It runs through the
 * browser's debugging protocol, which the page's Content-Security-Policy does not govern.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(() =>
    (globalThis as any).axe.run().then((r: any) => r.violations),
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

const SHOTS = new URL('../console/screenshots/', import.meta.url);

/** Screenshots of a page at a desktop's and a phone's width, for a person to look at (git ignores them). */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: new URL(`${name}-${width}.png`, SHOTS).pathname, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Presses Tab, as a person with a keyboard would, until the element is focused; fails after 60
 * presses. The focused element must show where the focus is.
 */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      // The console's own focus outline, not the browser's faint default ring.
      const outline = await target.evaluate((element) => getComputedStyle(element).outlineStyle);
      if (outline !== 'solid') throw new Error(`the focused element shows no focus outline (${outline})`);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The widths each behaviour of the console is tried at: a desktop's and a phone's. */
export const WIDTHS = [1280, 390] as const;

/** The window at one of those widths, as tall as such a screen. */
export const atWidth = (page: Page, width: number) =>
  page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });

/** How far a page reaches past the right edge of the window, in CSS pixels. */
export const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
