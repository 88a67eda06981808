// Issue 30 item 6: passkeys on the real stack, in Chromium with its virtual authenticator (the
// DevTools WebAuthn domain): add one on Security, sign in with it alone, confirm a withdrawal with
// it, and a sign-in whose user verification fails is refused. Browsers refuse an IP address as a
// passkey's site, so these pages are opened at localhost (the server's default relying party).
import type { CDPSession, Page } from 'playwright-core';
import { fundedInvestor, type Investor } from '../src/api';
import { journey } from '../src/journey';
import { at, field, passwordField, sendWithdrawal, shown, text, url } from '../src/ui';

const j = journey('passkeys');
const local = (path: string) => url(path).replace('://127.0.0.1:', '://localhost:');
let inv: Investor;
let page: Page;
let cdp: CDPSession;
let authenticatorId = '';

beforeAll(async () => {
  ({ inv } = await fundedInvestor('pk', 300, 'usdt', { usdt: 'TPasskeyJourneyPayout1' }));
  page = await j.openForFile();
  cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  }));
});

async function logout(p: Page): Promise<void> {
  await p.goto(local('/user/main'));
  await p.getByRole('button', { name: 'Account menu' }).click();
  await p.getByRole('button', { name: 'Logout' }).click();
  await at(p, '/auth/login');
}

describe('passkeys journey', () => {
  test('add a passkey on Security with the password; it is listed by name', () => j.step(page, 'add a passkey', async () => {
    await page.goto(local('/auth/login'));
    await field(page, 'Email').fill(inv.email);
    await passwordField(page).fill(inv.password);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await at(page, '/user/main');
    await page.goto(local('/user/security'));
    const panel = page.getByRole('region', { name: 'Passkeys' });
    await field(panel, 'Passkey name').fill('Work laptop');
    await field(panel, 'Your password').fill(inv.password);
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await shown(panel.getByText('Work laptop'));
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
  }));

  test('sign in with the passkey alone: from the login field\'s autofill, and with the button', () => j.step(page, 'sign in with a passkey', async () => {
    // Autofill: the page offers the passkey as soon as it loads; the authenticator accepts it.
    await logout(page);
    await at(page, '/user/main');
    // The button: it ends the autofill's request and asks on its own. The autofill's challenge is
    // held here, so its request never reaches the authenticator, which answers the button's at once.
    // (Turning presence off, then on after the click, was a race: on a loaded machine the button's
    // request reached the authenticator first and waited for a touch that never came.)
    let autofillAsked: (() => void) | undefined;
    const asked = new Promise<void>((resolve) => (autofillAsked = resolve));
    let first = true;
    await page.route('**/api/auth/login/passkey/challenge', (route) => {
      if (!first) return route.continue();
      first = false;
      autofillAsked?.();
      return undefined; // left pending: the page aborts it when the button is pressed
    });
    try {
      await logout(page);
      await asked;
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await at(page, '/user/main');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  }));

  test('a withdrawal confirmed with the passkey', () => j.step(page, 'withdraw with a passkey', async () => {
    await page.goto(local('/user/withdraw'));
    await page.getByRole('combobox', { name: 'Withdrawal method' }).selectOption('usdt');
    await field(page, 'Amount').fill('25');
    await sendWithdrawal(page, 'Confirm with passkey');
    await text(page, 'Withdrawal request submitted successfully.');
  }));

  test('a sign-in whose user verification fails is refused', () => j.step(page, 'user verification refused', async () => {
    // The device can no longer confirm it is its owner (no PIN, no fingerprint): neither the
    // autofill nor the button signs in.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    try {
      await logout(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await shown(page.getByRole('alert').filter({ hasText: /passkey/i }));
      expect(new URL(page.url()).pathname).toBe('/auth/login');
    } finally {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    }
  }));
});
