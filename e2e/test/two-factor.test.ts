// Issue 12 item 5: two-factor on the real stack, through the screens: enrol with the QR's key,
// sign in with a code, withdraw with a code, and a recovery code that works once.
import type { Page } from 'playwright-core';
import { fundedInvestor, type Investor } from '../src/api';
import { journey } from '../src/journey';
import { totpCodes } from '../src/totp';
import { at, field, loginInvestor, passwordField, shown, text, url } from '../src/ui';

const j = journey('two-factor');
let inv: Investor;
let page: Page;
let secret = '';
let recovery: string[] = [];

beforeAll(async () => {
  ({ inv } = await fundedInvestor('tfa', 300, 'usdt', { bankName: 'Harbor Savings', accountNumber: '000123456789', routingNumber: '021000021' }));
  page = await j.openForFile();
});

/** The app's next code: each is accepted once (see totpCodes). */
let codes: ReturnType<typeof totpCodes>;
const freshCode = () => codes.next();

/** Signs in up to the code question. */
async function password(p: Page): Promise<void> {
  await p.goto(url('/auth/login'));
  await field(p, 'Email').fill(inv.email);
  await passwordField(p).fill(inv.password);
  await p.getByRole('button', { name: /^log ?in$/i }).click();
  await text(p, 'Enter the 6-digit code from your authenticator app.');
}

describe('two-factor journey', () => {
  test('turn on two-factor from Security with the password, the QR key and a first code; the recovery codes show once', () => j.step(page, 'turn on two-factor', async () => {
    await loginInvestor(page, inv.email, inv.password);
    await page.goto(url('/user/security'));
    const panel = page.getByRole('region', { name: 'Two-factor authentication' });
    await field(panel, 'Your password').fill(inv.password);
    await panel.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await shown(page.locator('svg').filter({ has: page.locator('title', { hasText: 'QR code for your authenticator app' }) }));
    secret = (await page.locator('code').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    codes = totpCodes(secret);
    await field(page, 'Code from the app').fill(await freshCode());
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await shown(list);
    recovery = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await shown(page.getByText(/10 recovery codes left/));
  }));

  test('sign in asks for the code after the password', () => j.step(page, 'sign in with a code', async () => {
    await page.goto(url('/user/main'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await at(page, '/auth/login');
    await password(page);
    await field(page, 'Authentication code').fill(await freshCode());
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await at(page, '/user/main');
  }));

  test('a withdrawal needs a code', () => j.step(page, 'withdraw with a code', async () => {
    await page.goto(url('/user/withdraw'));
    await page.getByRole('combobox', { name: 'Withdrawal method' }).selectOption('bank');
    await field(page, 'Amount').fill('25');
    await field(page, 'Authentication code').fill(await freshCode());
    await page.getByRole('button', { name: 'Withdraw Now' }).click();
    await text(page, 'Withdrawal request submitted successfully.');
  }));

  test('a recovery code signs in once; the same code again is refused', () => j.step(page, 'recovery code once', async () => {
    const other = await j.open();
    await password(other);
    await field(other, 'Authentication code').fill(recovery[0] ?? '');
    await other.getByRole('button', { name: /^log ?in$/i }).click();
    await at(other, '/user/main');

    const third = await j.open();
    await password(third);
    await field(third, 'Authentication code').fill(recovery[0] ?? '');
    await third.getByRole('button', { name: /^log ?in$/i }).click();
    await text(third, 'That code is not valid. Use the current code, or one of your recovery codes.');
    await at(third, '/auth/login');
  }));
});
