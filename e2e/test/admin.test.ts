// Issue 6, item 3: the bootstrap admin runs the platform through the admin screens. The money
// the admin acts on (a pending deposit, open withdrawals, pending investments) is requested by
// investors through the API beforehand; every admin decision is made in the browser.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { call, createPlan, fundedInvestor, login, newInvestor, registerInvestor, type Investor } from '../src/api';
import { pngFile } from '../src/image';
import { SIDEBAR } from '../src/screens';
import { journey } from '../src/journey';
import { at, confirmAction, field, loginAdmin, loginInvestor, passwordField, shown, text, url } from '../src/ui';

const j = journey('admin');
const tag = Date.now().toString(36);

interface Fixtures {
  depositor: Investor;
  depositId: string;
  saver: Investor;
  withdrawals: { approve: string; processing: string; decline: string };
  investments: { stop: string; earn: string };
}
let fx: Fixtures;

beforeAll(async () => {
  const depositor = newInvestor('adm-dep');
  const dep = await registerInvestor(depositor);
  const deposit = await call<{ data: { id: string } }>('POST', '/deposit', { token: dep.token, body: { method: 'bitcoin', amount: 300, from: dep.uid } });

  const { inv: saver, session } = await fundedInvestor('adm-sav', 2000, 'usdt');
  const withdraw = async (amount: number) =>
    (await call<{ data: { id: string } }>('POST', '/withdrawal', { token: session.token, body: { method: 'usdt', amount, to: session.uid, address: 'TXe2eUsdtPayout0000000000000000000' } })).data.id;
  const withdrawals = { approve: await withdraw(61), processing: await withdraw(62), decline: await withdraw(63) };

  const planId = await createPlan({ name: `Admin plan ${tag}`, minAmount: 100, maxAmount: 1000, returns: 8, duration: 60 });
  const invest = async (amount: number) =>
    (await call<{ data: { id: string } }>('POST', '/investment', { token: session.token, body: { plan_id: planId, amount, method: 'USDT' } })).data.id;
  const investments = { stop: await invest(150), earn: await invest(250) };

  fx = { depositor, depositId: deposit.data.id, saver, withdrawals, investments };
});

// One admin session through the whole journey; each stage is its own test so a broken stage
// does not hide the state of the ones after it.
let page: Page;
beforeAll(async () => {
  page = await j.openForFile();
});

describe('admin journey', () => {

  test('bootstrap admin logs in; overview figures', () => j.step(page, 'bootstrap admin logs in; overview figures', async () => {
    await loginAdmin(page);
    await shown(page.getByRole('heading', { name: 'Overview', level: 1 }));
    await shown(page.getByRole('heading', { name: 'Total Deposit' }));
    await shown(page.getByRole('heading', { name: 'Total Users' }));
    await shown(page.getByRole('table', { name: /Users/ }));
  }));

  test('approve the deposit', () => j.step(page, 'approve the deposit', async () => {
    await page.goto(url('/admin/pending-deposit'));
    await confirmAction(page, page.getByRole('button', { name: `Approve deposit ${fx.depositId}` }), 'Approve', 'Deposit approved successfully.');
    const me = await login(fx.depositor.email, fx.depositor.password);
    const profile = await call<{ data: { btcBal: number } }>('GET', '/user/profile', { token: me.token });
    expect(profile.data.btcBal).toBe(300);
  }));

  test('approve, process and decline withdrawals', () => j.step(page, 'approve, process and decline withdrawals', async () => {
    await page.goto(url('/admin/pending-withdraw'));
    const w = fx.withdrawals;
    await confirmAction(page, page.getByRole('button', { name: `Approve withdrawal ${w.approve}` }), 'Approve', 'Withdrawal approved successfully.');
    await confirmAction(page, page.getByRole('button', { name: `Processing withdrawal ${w.processing}` }), 'Processing', 'Withdrawal processed successfully.');
    await confirmAction(page, page.getByRole('button', { name: `Decline withdrawal ${w.decline}` }), 'Decline', 'Withdrawal declined successfully.');
    await page.goto(url('/admin/withdraw-history'));
    await shown(page.getByRole('cell', { name: '$61.00' }));
  }));

  test('approve and stop investments', () => j.step(page, 'approve and stop investments', async () => {
    await page.goto(url('/admin/pending-investment'));
    await confirmAction(page, page.getByRole('button', { name: `Approve investment of ${fx.saver.name} ($150.00)` }), 'Approve', 'Investment approved successfully.');
    await confirmAction(page, page.getByRole('button', { name: `Approve investment of ${fx.saver.name} ($250.00)` }), 'Approve', 'Investment approved successfully.');
    await page.goto(url('/admin/active-investment'));
    await confirmAction(page, page.getByRole('button', { name: `Stop investment of ${fx.saver.name} ($150.00)` }), 'Stop', 'Investment stopped successfully.');
  }));

  test('credit and deduct earnings', () => j.step(page, 'credit and deduct earnings', async () => {
    await page.goto(url('/admin/top-earnings'));
    const manage = page.getByRole('button', { name: new RegExp(`^Manage earnings of ${fx.saver.name}`) });
    for (const [kind, amount, toast] of [['Credit earnings', '25', 'Earnings credited successfully!'], ['Deduct earnings', '5', 'Earnings deducted successfully!']] as const) {
      await (await shown(manage)).click();
      const modal = await shown(page.getByRole('dialog', { name: /Manage earnings/ }));
      await modal.getByRole('combobox', { name: 'Action' }).selectOption({ label: kind });
      await field(modal, 'Amount').fill(amount);
      await field(modal, 'Reason').fill(`e2e ${kind}`);
      const verb = kind.split(' ')[0] as string;
      await modal.getByRole('button', { name: verb, exact: true }).click();
      const confirm = await shown(page.getByRole('dialog', { name: kind }).or(page.getByRole('alertdialog', { name: kind })));
      await confirm.getByRole('button', { name: verb, exact: true }).click();
      await text(page, toast);
    }
    await page.goto(url('/admin/earning-history'));
    await shown(page.getByRole('cell', { name: '$25.00' }));
  }));

  const planName = `E2E plan ${tag}`;
  test('create and delete a plan', () => j.step(page, 'create and delete a plan', async () => {
    await page.goto(url('/admin/createplan'));
    await field(page, 'Plan name').fill(planName);
    await field(page, 'Minimum amount').fill('100');
    await field(page, 'Maximum amount').fill('900');
    await field(page, 'Returns').fill('7.5');
    await field(page, 'Duration').fill('14');
    await page.getByRole('button', { name: 'Create Plan' }).click();
    await text(page, 'Plan created successfully!');
    await page.goto(url('/admin/plans'));
    await confirmAction(page, page.getByRole('button', { name: `Delete Plan ${planName}` }), 'Delete Plan', 'Plan deleted successfully.');
    await page.reload();
    await shown(page.getByRole('heading', { name: 'Plans', level: 1 }));
    expect(await page.getByText(planName).count()).toBe(0);
  }));

  const traderName = `Admin Trader ${tag}`;
  test('add a trader with an uploaded image', () => j.step(page, 'add a trader with an uploaded image', async () => {
    await page.goto(url('/admin/updatedtraders'));
    const form = page.getByRole('form', { name: 'Add trader' });
    await field(form, 'Name').fill(traderName);
    await field(form, 'Wins').fill('30');
    await field(form, 'Losses').fill('10');
    expect(await field(form, 'Win rate').inputValue()).toBe('75%');
    await field(form, 'Profit share').fill('15%');
    await page.getByLabel('Choose an image').setInputFiles(pngFile());
    await form.getByRole('button', { name: /Add|Upload|Save/ }).click();
    await text(page, 'Trader added successfully');
    await text(page, 'Added Successfully!');
    // After 2 s the form resets and the list tab opens, with the new trader in it.
    await shown(page.getByRole('tab', { name: /View All/, selected: true }), 5000);
    await shown(page.getByText(traderName));
  }));

  const newBitcoin = `bc1qadminedited${tag}`;
  test('edit wallet addresses', () => j.step(page, 'edit wallet addresses', async () => {
    await page.goto(url('/admin/update-wallets'));
    await page.getByRole('button', { name: 'Edit' }).click();
    await field(page, 'Bitcoin address').fill(newBitcoin);
    await page.getByRole('form', { name: 'Wallet addresses' }).getByRole('button', { name: 'Save Changes' }).click();
    const confirm = await shown(page.getByRole('dialog', { name: 'Update deposit addresses' }).or(page.getByRole('alertdialog', { name: 'Update deposit addresses' })));
    await confirm.getByRole('button', { name: 'Save Changes' }).click();
    await text(page, 'Wallet addresses updated!');
  }));

  test("the investor sees the trader and the new address", () => j.step(page, "the investor sees the trader and the new address", async () => {
    const investor = await j.open();
    await loginInvestor(investor, fx.depositor.email, fx.depositor.password);
    await investor.goto(url('/user/copy-trading'));
    await shown(investor.getByText(traderName));
    await shown(investor.getByRole('img', { name: new RegExp(traderName) }));
    await investor.goto(url('/user/deposit'));
    await investor.getByRole('listitem', { name: 'Bitcoin', exact: true }).getByRole('button', { name: 'Fund' }).click();
    await investor.getByRole('dialog').getByLabel(/Amount/).fill('50');
    await investor.getByRole('button', { name: 'Deposit now' }).click();
    await at(investor, '/user/payment-info');
    await shown(investor.getByText(newBitcoin));
  }));

  test('publish proof of liabilities; the investor\'s browser verifies their balance is in it', () => j.step(page, 'publish proof of liabilities; the investor verifies', async () => {
    await page.goto(url('/admin/overview'));
    await page.getByRole('button', { name: 'Publish new snapshot' }).click();
    await text(page, 'Proof of liabilities published.');
    await shown(page.getByText('Rechecked: every node adds up and every investor account is in the tree.'));
    await shown(page.getByRole('table', { name: 'Published liability totals' }));

    const investor = await j.open();
    await loginInvestor(investor, fx.saver.email, fx.saver.password);
    await investor.getByRole('link', { name: /published liabilities/ }).click();
    await at(investor, '/user/proof');
    await shown(investor.getByText('Verified: the platform counted your balances below in what it declared it owes its investors, and could not have left them out or made them smaller without this check failing.'));
    const usdt = investor.getByRole('table', { name: 'Your balances in the snapshot and the published totals' }).getByRole('row').filter({ hasText: 'USDT' });
    // 2,000 USDT deposited, 61 paid out before the snapshot: held and invested still count.
    await shown(usdt.getByText('$1,939.00').first());

    // The statement: her deposit, made by an administrator, and her own withdrawal requests.
    await investor.goto(url('/user/main'));
    await investor.getByRole('link', { name: 'Deposit entries' }).click();
    await at(investor, '/user/statement');
    const entries = investor.getByRole('table', { name: 'Ledger entries' });
    await shown(entries.getByRole('row').filter({ hasText: 'Deposit' }).filter({ hasText: 'An administrator' }));
    await investor.getByLabel('Entry').selectOption('withdrawal_hold');
    await shown(entries.getByRole('row').filter({ hasText: 'Withdrawal requested (funds held)' }).filter({ hasText: 'You' }));
  }));

  const second = { email: `second.admin.${tag}@example.test`, password: 'Second-admin-pass-1' };
  test('invite and register a second admin', () => j.step(page, 'invite and register a second admin', async () => {
    await page.goto(url('/admin/invites'));
    await page.getByRole('button', { name: 'Create invite code' }).click();
    await text(page, 'Invite code created!');
    const table = page.getByRole('table', { name: 'Admin invite codes' });
    const firstRow = (await shown(table.getByRole('row').filter({ hasText: 'Active' })));
    const code = (await firstRow.getByRole('cell').first().innerText()).trim();
    expect(code.length).toBeGreaterThan(5);

    const other = await j.open();
    await other.goto(url('/admin-auth/admin-reg'));
    await field(other, 'Email').fill(second.email);
    await passwordField(other).fill(second.password);
    await field(other, 'Invite Code').fill(code);
    // As a person would: the strength verdict is shown (its rule loads on the first keystroke).
    await shown(other.getByText(/Password strength:/));
    await other.getByRole('button', { name: 'Register' }).click();
    await text(other, 'Registration Successfully');
    await at(other, '/admin-auth/admin-login');
    await field(other, 'Email').fill(second.email);
    await passwordField(other).fill(second.password);
    await other.getByRole('button', { name: 'Login' }).click();
    await at(other, '/admin/overview');
    await shown(other.getByRole('heading', { name: 'Overview', level: 1 }));
  }));

  test('All Users finds one investor by a server search and exports what it shows', () => j.step(page, 'search and export users', async () => {
    await page.getByRole('link', { name: 'All Users', exact: true }).first().click();
    await at(page, '/admin/allusers');
    const table = await shown(page.getByRole('table', { name: 'All users' }));
    const search = page.getByRole('searchbox', { name: 'Search' });
    const searched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/users' && new URL(r.url()).searchParams.get('q') === fx.depositor.email);
    await search.fill(fx.depositor.email);
    await searched;
    await shown(table.getByText(fx.depositor.email));
    await table.locator('tbody tr').nth(1).waitFor({ state: 'detached' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`"${fx.depositor.email}"`);
  }));

  test('every sidebar entry renders', () => j.step(page, 'every sidebar entry renders', async () => {
    const sidebar = page.getByRole('navigation', { name: 'Admin' }).or(page.getByRole('complementary', { name: 'Admin' })).first();
    for (const [path, label] of SIDEBAR) {
      await sidebar.getByRole('link', { name: label, exact: true }).click();
      await at(page, `/admin/${path}`);
      await shown(page.getByRole('heading', { level: 1 }));
      await page.getByText(/Loading/).first().waitFor({ state: 'hidden' }).catch(() => undefined);
      const failures = await page.getByRole('alert').filter({ hasText: /fail|error|could not/i }).count();
      expect(`${path}: ${failures} error alerts`).toBe(`${path}: 0 error alerts`);
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await at(page, '/admin-auth/admin-login');
  }));
});
