// Issue 14, item 6: at 390×844 the tables (the investor's Transactions, the admin lists) are
// stacked cards: the page never scrolls sideways and every status badge and action button lies
// inside the viewport. The screenshots of these screens come from `pnpm e2e:shots`.
import type { Locator, Page } from 'playwright-core';
import { call, fundedInvestor } from '../src/api';
import { PHONE } from '../src/browser';
import { journey } from '../src/journey';
import { gone, loginAdmin, loginInvestor, shown, url } from '../src/ui';

const j = journey('phone');
let investor = { email: '', password: '' };

beforeAll(async () => {
  // Rows on every list below: a funded investor with a pending deposit and a pending withdrawal.
  const { inv, session } = await fundedInvestor('phone', 900, 'bitcoin');
  investor = { email: inv.email, password: inv.password };
  await call('POST', '/deposit', { token: session.token, body: { method: 'usdt', amount: 75, from: session.uid } });
  await call('POST', '/withdrawal', { token: session.token, body: { method: 'bitcoin', amount: 40, to: session.uid, address: 'bc1qphone00000000000000000000000000000' } });
});

/** The document is no wider than the viewport (nothing to scroll sideways). */
async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect({ page: page.url(), sideways: scrollWidth - clientWidth }).toEqual({ page: page.url(), sideways: 0 });
}

/** Every match lies horizontally inside the 390 px viewport. */
async function allInside(what: string, locator: Locator): Promise<void> {
  const boxes = await locator.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
  expect(boxes.length).toBeGreaterThan(0);
  const outside = boxes.filter((b) => b.left < 0 || b.right > PHONE.width);
  expect({ what, outside }).toEqual({ what, outside: [] });
}

/** Loads a list at phone size and checks its cards: no table, statuses and actions in view. */
async function checkList(page: Page, path: string, label: string, { statuses, actions }: { statuses: boolean; actions: RegExp | null }): Promise<void> {
  await page.goto(url(path));
  const list = await shown(page.getByRole('list', { name: label }));
  await gone(page.getByText(/^Loading\b|^Fetching\b/), 10_000).catch(() => undefined);
  expect(await page.getByRole('table').count()).toBe(0);
  const cards = list.getByRole('listitem');
  expect(await cards.count()).toBeGreaterThan(0);
  await noSidewaysScroll(page);
  if (statuses) await allInside(`${path} status badges`, list.locator('[data-tone]'));
  if (actions) await allInside(`${path} action buttons`, list.getByRole('button', { name: actions }));
}

test('investor Transactions at 390×844: cards, no sideways scrolling', async () => {
  const page = await j.open({ viewport: PHONE });
  await loginInvestor(page, investor.email, investor.password);
  await j.step(page, 'transactions', () => checkList(page, '/user/transactions', 'Transaction history', { statuses: true, actions: null }));
});

test('admin lists at 390×844: cards with statuses and actions in view', async () => {
  const page = await j.open({ viewport: PHONE });
  await loginAdmin(page);
  await j.step(page, 'all users', () => checkList(page, '/admin/allusers', 'All users', { statuses: false, actions: /^(Delete|Send reset link to)\b/ }));
  await j.step(page, 'pending deposits', () => checkList(page, '/admin/pending-deposit', 'Pending deposits', { statuses: true, actions: /^(Approve|Decline) deposit\b/ }));
  await j.step(page, 'pending withdrawals', () => checkList(page, '/admin/pending-withdraw', 'Pending withdrawals', { statuses: true, actions: / withdrawal / }));
});
