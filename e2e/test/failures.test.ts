// Issue 6, item 4: what a person sees when things go wrong, in the browser.
import { join } from 'node:path';
import { ApiFailure, call, newInvestor, registerInvestor } from '../src/api';
import { pointRemote } from '../src/config-override';
import { journey } from '../src/journey';
import { freePort } from '../src/ports';
import { repoRoot } from '../src/run-info';
import { serveStatic } from '../src/static-server';
import { at, field, loginInvestor, passwordField, shown, text, url } from '../src/ui';

const j = journey('failures');
const inv = newInvestor('fail');
let uid = '';

beforeAll(async () => {
  uid = (await registerInvestor(inv)).uid;
});

/** The message the server itself gives for a request, so the test cannot drift from it. */
async function serverMessage(method: string, path: string, body: unknown, token?: string): Promise<string> {
  try {
    await call(method, path, { body, ...(token ? { token } : {}) });
  } catch (error) {
    if (error instanceof ApiFailure && error.body.message) return error.body.message;
    throw error;
  }
  throw new Error(`${method} ${path} unexpectedly succeeded`);
}

test('a wrong password shows the server message and stays on the login page', async () => {
  const message = await serverMessage('POST', '/auth/login', { email: inv.email, password: 'Wrong-password-1' });
  const page = await j.open();
  await j.step(page, 'wrong password', async () => {
    await page.goto(url('/auth/login'));
    await field(page, 'Email').fill(inv.email);
    await passwordField(page).fill('Wrong-password-1');
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await text(page, message);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});

test('an unreachable remote shows the error panel with retry; the shell keeps working; retry recovers', async () => {
  const page = await j.open();
  const port = await freePort(); // nobody listens here yet
  await pointRemote(page, 'user_app', `http://127.0.0.1:${port}/mf-manifest.json`);

  await j.step(page, 'error panel instead of the user area', async () => {
    await loginInvestor(page, inv.email, inv.password);
    await shown(page.getByRole('button', { name: /retry|try again/i }), 30_000);
    await shown(page.getByRole('alert').filter({ hasText: /./ }));
  });

  await j.step(page, 'the rest of the shell still works', async () => {
    await page.getByRole('link', { name: /Halcyon/ }).first().click();
    await shown(page.getByText('Copyright © 2025 Halcyon. All Rights Reserved.'));
    await page.goto(url('/admin-auth/admin-login'));
    await shown(passwordField(page));
  });

  await j.step(page, 'retry loads the remote once it is reachable', async () => {
    const remote = await serveStatic(join(repoRoot, 'user-app/dist'), port);
    try {
      await page.goto(url('/user/main'));
      await page.getByRole('button', { name: /retry|try again/i }).first().click().catch(() => undefined);
      await text(page, 'Crypto Investment Made Easy.', 30_000);
      expect(remote.requests).toContain('/mf-manifest.json');
    } finally {
      await remote.close();
    }
  });
});

test('offline market widgets leave the pages usable', async () => {
  const page = await j.open();
  await j.step(page, 'dashboard widgets say so', async () => {
    await loginInvestor(page, inv.email, inv.password);
    await text(page, 'Crypto Investment Made Easy.');
    await shown(page.getByRole('region', { name: 'Market ticker' }).getByText('Market data unavailable'), 20_000);
  });
  await j.step(page, 'market screener page says so and navigation works', async () => {
    await page.goto(url('/user/market'));
    await shown(page.getByRole('region', { name: 'Crypto market screener' }).getByText('Market data unavailable'), 20_000);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await at(page, '/user/main');
    await text(page, 'Crypto Investment Made Easy.');
  });
});

test('server errors show the server message', async () => {
  const page = await j.open();
  await loginInvestor(page, inv.email, inv.password);

  await j.step(page, 'a 5xx from the plans call', async () => {
    const message = 'Plans are being updated, try again in a minute.';
    await page.route(
      (u) => u.pathname === '/api/plan/all',
      (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message, code: 'unavailable' }) }),
    );
    await page.goto(url('/user/invest'));
    await text(page, message);
    await page.unroute((u) => u.pathname === '/api/plan/all');
  });

  await j.step(page, 'a business rule: withdrawing more than the balance', async () => {
    const { token } = await (await import('../src/api')).login(inv.email, inv.password);
    const message = await serverMessage('POST', '/withdrawal', { method: 'bitcoin', amount: 100, to: uid, address: 'bc1qnofunds000000000000000000000000' }, token);
    await page.goto(url('/user/withdraw'));
    await page.getByRole('combobox', { name: /Method/i }).selectOption('bitcoin');
    await field(page, 'Wallet Address').fill('bc1qnofunds000000000000000000000000');
    await field(page, 'Amount').fill('100');
    await page.getByRole('button', { name: 'Withdraw Now' }).click();
    await text(page, message);
  });
});
