import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { bankWithToken, createBank, putMember } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { mismatchedPair, mt940, reconcile } from '../support/money-desk.js';
import { addOperator } from '../support/operators.js';
import { serviceOk } from '../support/service-http.js';

const DAY = '2026-11-20';
const WIDTHS = [1280, 390] as const;
const fixture = (name: string) => readFile(new URL(`../fixtures/statements/mt940/${name}.sta`, import.meta.url));

interface Listed {
  line: number | null;
  amount: string;
  currency: string | null;
  narration: string | null;
}

/** "1234567.5" as the console writes money: "1,234,567.50". */
const money = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
};

/** What the line above a list should say of these items: "5 lines: EUR 1,000.00 · USD 5.00". */
function foundWords(items: Listed[], noun: string): string {
  const cents = new Map<string, bigint>();
  for (const item of items) {
    const currency = item.currency ?? '';
    cents.set(currency, (cents.get(currency) ?? 0n) + BigInt(item.amount.replace('.', '')));
  }
  const sums = [...cents.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => {
      const digits = total.toString().padStart(3, '0');
      return `${currency} ${money(`${digits.slice(0, -2)}.${digits.slice(-2)}`)}`;
    });
  return `${items.length} ${items.length === 1 ? noun : `${noun}s`}: ${sums.join(' · ')}`;
}

/**
 * Each element's problems with being read whole: text cut inside it, past the window's edge, or
 * past the edge of a box that scrolls or clips it (a table scrolled sideways hides what is past it).
 */
function cutOff(target: Locator): Promise<string[]> {
  return target.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const problems: string[] = [];
      const rect = element.getBoundingClientRect();
      const name = (element.textContent ?? '').slice(0, 40);
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`${name}: cut inside`);
      if (rect.left < -1 || rect.right > window.innerWidth + 1) problems.push(`${name}: past the window`);
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const box = up.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1) problems.push(`${name}: hidden by ${up.className}`);
      }
      return problems;
    }),
  );
}

/** Nothing makes the page scroll sideways. */
async function assertNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `the page is ${scrollWidth} px wide in a window of ${innerWidth}`);
}

/** The page checked at one width: nothing cut off, no sideways scroll, nothing serious for axe. */
async function assertReadable(page: Page, width: number, cut: Locator) {
  await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
  assert.deepEqual(await cutOff(cut), [], `at ${width} px`);
  if (width === 1280) {
    // On a desktop the items' table fits: no column hidden past the edge of its box.
    const hidden = await page
      .locator('.table-scroll:has(table.items)')
      .evaluateAll((boxes) =>
        boxes.flatMap((box) =>
          box.scrollWidth > box.clientWidth
            ? [
                `${box.scrollWidth} px of table in ${box.clientWidth}: ${[...box.querySelectorAll('th')].map((th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`).join(', ')}`,
              ]
            : [],
        ),
      );
    assert.deepEqual(hidden, []);
  }
  await assertNoSidewaysScroll(page);
  assert.deepEqual(await seriousViolations(page), [], `at ${width} px`);
}

describeConsole('a reconciliation line explains itself', { timeZone: 'Africa/Nairobi' }, (rig) => {
  const items = async (id: number, query: string): Promise<Listed[]> =>
    (await serviceOk(rig.origin, 'GET', `/admin/v1/reconciliations/${id}?${query}`)).items;

  /** A KES statement: one line short of its notification, one over, one never notified that names a member. */
  async function kesRun(bankName: string, member: string) {
    const bank = await bankWithToken(rig.service.app, bankName);
    const { short, entries } = await mismatchedPair(rig.service.app, bank, DAY);
    await putMember(rig.service.app, member, 'Grace Wambui Njoroge');
    const statement = mt940(
      [
        ...entries,
        {
          date: DAY,
          amount: '2500.00',
          credit: true,
          reference: 'LOST-7',
          narration: `CASH DEPOSIT AT KAKAMEGA BRANCH FOR SHARES AND LOAN REPAYMENT MEMBER ${member} NOVEMBER INSTALMENT`,
        },
      ],
      { from: DAY, to: DAY },
    );
    const made = await reconcile(rig.service.app, bank.clientId, 'mt940', statement);
    assert.equal(made.statusCode, 201, made.body);
    return { id: JSON.parse(made.body).reconciliationId as number, short };
  }

  test("every line never notified shows the bank's narration in full, wrapped, at 1280 and 390 px: a real Rabobank statement", async () => {
    const bank = await createBank(rig.service.app, 'Rabobank Structured');
    const made = await reconcile(
      rig.service.app,
      bank.clientId,
      'mt940',
      (await fixture('rabobank-nl-structured')) as unknown as string,
    );
    assert.equal(made.statusCode, 201, made.body);
    const id = JSON.parse(made.body).reconciliationId as number;
    const listed = await items(id, 'category=missing_notification');
    assert.ok(
      listed.some((item) => (item.narration ?? '').length > 90),
      'a narration longer than a phone is wide',
    );

    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/reconciliation/${id}`);
    await page.locator('.found', { hasText: foundWords(listed, 'line') }).waitFor();
    const narrations = page.locator('table.items .narration');
    assert.deepEqual(
      await narrations.allInnerTexts(),
      listed.map((item) => item.narration),
    );
    for (const width of WIDTHS) await assertReadable(page, width, narrations);
    await screenshots(page, 'reconciliation-narration');
    await page.context().close();
  });

  test('an amount that differs shows both amounts and the difference with the currency; a line never notified names the member it may be for, linked, and finance can record it', async () => {
    const { id, short } = await kesRun('Mismatch Bank', '7300011');
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
    await page.goto(`${rig.origin}/console/reconciliation/${id}`);
    const suggested = page.getByRole('row', { name: /LOST-7/ });
    const member = suggested.getByRole('link', { name: '7300011 Grace Wambui Njoroge' });
    await member.waitFor();
    assert.equal(await member.getAttribute('href'), '/console/members/7300011');
    assert.match(
      await suggested.locator('.suggested-member').innerText(),
      /^May be for member 7300011 Grace Wambui Njoroge: the line's text holds their member number\.$/,
    );
    // Finance's way to record it, open beside the narration: both still read whole.
    await suggested.getByText('Record the payment').click();
    await suggested.getByRole('button', { name: 'Record for Grace Wambui Njoroge' }).waitFor();
    for (const width of WIDTHS) await assertReadable(page, width, suggested.locator('.item-help, form.record'));
    await screenshots(page, 'reconciliation-suggested-member');

    await page.getByRole('button', { name: 'Amount differs' }).click();
    const shortRow = page.getByRole('row', { name: new RegExp(short.body.transactionReference as string) });
    const figures = shortRow.locator('.mismatch');
    await figures.waitFor();
    for (const width of WIDTHS) {
      await assertReadable(page, width, figures);
      assert.match(
        (await figures.innerText()).replace(/\s+/g, ' '),
        /^On the statement KES 1,450\.00 Notified KES 1,500\.00 Difference KES 50\.00 short$/,
      );
    }
    const overRow = page.locator('table.items tbody tr', { hasText: '250.50' });
    assert.match(
      (await overRow.locator('.mismatch').innerText()).replace(/\s+/g, ' '),
      /Notified KES 200\.00 Difference KES 50\.50 over$/,
    );
    await screenshots(page, 'reconciliation-mismatch');

    await page.getByRole('button', { name: 'Not notified' }).click();
    await page.getByRole('link', { name: '7300011 Grace Wambui Njoroge' }).click();
    await page.getByRole('heading', { name: 'Grace Wambui Njoroge (7300011)' }).waitFor();
    await page.context().close();
  });

  test('a line is marked dealt with and opened again, says by whom and when, and the open filter, its figures and its CSV follow, at 1280 and 390 px', async () => {
    const { id, short } = await kesRun('Dealt Bank', '7300012');
    const finance = await addOperator(rig.service.app, 'finance');
    const page = await signedInPage(rig, finance);
    await page.goto(`${rig.origin}/console/reconciliation/${id}`);
    await page.getByRole('button', { name: 'Amount differs' }).click();
    const found = page.locator('.found');
    await found.getByText('2 lines: KES 1,700.50').waitFor();
    const csv = found.getByRole('link', { name: 'Download CSV' });
    assert.equal(await csv.getAttribute('href'), `/admin/v1/reconciliations/${id}?format=csv&category=amount_mismatch`);
    await page.getByLabel('Only those still open').check();
    await page.waitForURL(/category=amount_mismatch&open=true/);
    await found.getByText('2 lines: KES 1,700.50').waitFor();
    assert.equal(
      await csv.getAttribute('href'),
      `/admin/v1/reconciliations/${id}?format=csv&category=amount_mismatch&open=true`,
    );
    const row = page.getByRole('row', { name: new RegExp(short.body.transactionReference as string) });

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await row.getByText('Open', { exact: true }).waitFor();
      await row.getByText('Mark dealt with').click();
      await row.getByLabel('What was done').fill(`Bank kept a 50.00 charge; member told (${width})`);
      await row.getByRole('button', { name: 'Mark as dealt with' }).click();
      await page.getByRole('status').filter({ hasText: 'Line 1 marked dealt with.' }).waitFor();
      // Only the open ones: the line has gone, and the figures and the CSV with it.
      await found.getByText('1 line: KES 250.50').waitFor();
      await row.waitFor({ state: 'detached' });
      const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
      const rows = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
      assert.equal(rows.length, 1 + 1, 'the header and the one line still open');
      assert.match(rows[1] ?? '', /,250\.50,C,KES,/);

      await page.getByLabel('Only those still open').uncheck();
      await found.getByText('2 lines: KES 1,700.50').waitFor();
      await row.getByText(`Dealt with by ${finance.email}, `).waitFor();
      assert.match(await row.locator('.dealt-with').innerText(), /\d{2}:\d{2}/, 'when');
      await row.getByText(`Bank kept a 50.00 charge; member told (${width})`).waitFor();
      await assertReadable(page, width, row.locator('.dealt-with'));
      if (width === 390) await screenshots(page, 'reconciliation-dealt-with-note');

      await row.getByRole('button', { name: 'Open it again' }).click();
      await page.getByRole('status').filter({ hasText: 'Line 1 is open again.' }).waitFor();
      await row.getByText('Open', { exact: true }).waitFor();
      await page.getByLabel('Only those still open').check();
      await found.getByText('2 lines: KES 1,700.50').waitFor();
    }
    await page.context().close();
  });

  test('the lines found are counted and summed per currency for the category and the open filter, with their CSV: a real statement of three currencies', async () => {
    const bank = await createBank(rig.service.app, 'Rabobank Three Currencies');
    const made = await reconcile(
      rig.service.app,
      bank.clientId,
      'mt940',
      (await fixture('rabobank-nl-940-header')) as unknown as string,
    );
    const id = JSON.parse(made.body).reconciliationId as number;
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/reconciliation/${id}`);
    for (const [category, button] of [
      ['missing_notification', 'Not notified'],
      ['debit', 'Debits'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL(new RegExp(`category=${category}`));
      const listed = await items(id, `category=${category}`);
      const found = page.locator('.found', { hasText: foundWords(listed, 'line') });
      await found.waitFor();
      const csv = found.getByRole('link', { name: 'Download CSV' });
      assert.equal(await csv.getAttribute('href'), `/admin/v1/reconciliations/${id}?format=csv&category=${category}`);
      const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
      assert.equal(download.suggestedFilename(), `reconciliation-${id}-${category.replace('_', '-')}.csv`);
      const rows = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
      assert.equal(rows.length, 1 + listed.length, 'the CSV holds exactly the lines counted');
      for (const width of WIDTHS) await assertReadable(page, width, found);
    }
    await page.getByRole('button', { name: 'Not notified' }).click();
    await page.locator('.found', { hasText: /EUR [\d,.]+ · JPY [\d,.]+ · USD/ }).waitFor();
    // Every credit is open, and the run's figures above keep each currency apart too.
    const credits = await items(id, 'category=missing_notification');
    const sums = foundWords(credits, 'line').split(': ')[1];
    await page.getByText(`Still open: ${credits.length} items, ${sums}.`).waitFor();
    const sumCell = page
      .getByRole('row', { name: /^Not notified/ })
      .locator('td')
      .nth(1);
    assert.deepEqual(await sumCell.locator('.sum').allInnerTexts(), sums?.split(' · '));
    await screenshots(page, 'reconciliation-totals');
    await page.context().close();
  });

  test('the list of reconciliations says how many statements have been reconciled, at 1280 and 390 px', async () => {
    const { count } = await serviceOk(rig.origin, 'GET', '/admin/v1/reconciliations/totals');
    assert.ok(count >= 4);
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Reconciliation', exact: true }).click();
    const found = page.locator('.found', { hasText: `${count} statements reconciled` });
    await found.waitFor();
    // Every statement's figures read whole: on a phone each is a card, not a table to scroll.
    for (const width of WIDTHS) await assertReadable(page, width, page.locator('.found, table.runs td'));
    await screenshots(page, 'reconciliations-count');
    await page.context().close();
  });
});
