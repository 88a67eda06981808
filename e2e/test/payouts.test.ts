// Issue 27's journey: a withdrawal paid on the (local) chain. The investor withdraws USDT with their
// authenticator code on a phone, the admin approves it, the signer (its own process, the built
// `server/dist/signer.js`) pays it from the hot wallet, and the investor's transactions show the
// transaction and its confirmations rising to complete as blocks are mined.
// PostgreSQL only: the signer and a second API process share the run's database (the embedded one
// belongs to one process). The second process has payouts on; the run's product keeps the spec's
// manual payouts for the other journeys.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainNodesOrSkip, chainServerEnv, jsonRpc, newSignerWallet } from '@halcyon/test-kit/chain';
import { adminLogin, call, fundedInvestor, type Investor } from '../src/api';
import { PHONE } from '../src/browser';
import { journey } from '../src/journey';
import { startProduct, type Product } from '../src/product';
import { repoRoot, resultsDir, useProduct } from '../src/run-info';
import { totpCodes } from '../src/totp';
import { confirmAction, field, loginAdmin, sendWithdrawal, text, url } from '../src/ui';

const nodes = chainNodesOrSkip('the payout journey');
const databaseUrl = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const run = 'chains' in nodes && databaseUrl ? describe : describe.skip;
const CONFIRMATIONS = 2;
const DESTINATION = '0x000000000000000000000000000000000000e2e7';
const j = journey('payouts');

let product: Product | undefined;
let signer: ChildProcess | undefined;
let dir = '';

run('a withdrawal paid on the chain', () => {
  let inv: Investor;
  /** The investor's authenticator: each code is accepted once, so one sequence for the file. */
  let codes: ReturnType<typeof totpCodes>;

  beforeAll(async () => {
    if (!('chains' in nodes)) return;
    const chains = nodes.chains;
    const env = chainServerEnv(chains.description, { confirmations: CONFIRMATIONS, pollMs: 500 });
    product = await startProduct({ name: 'payouts', databaseUrl, env: { ...env, CHAIN_PAYOUTS: '1' } });
    useProduct(product.baseUrl);

    dir = mkdtempSync(join(tmpdir(), 'halcyon-e2e-signer-'));
    const { mnemonic, evmAddress: hot } = newSignerWallet();
    writeFileSync(join(dir, 'mnemonic'), mnemonic, { mode: 0o600 });
    await chains.sendEth('bsc', hot, 10n ** 17n);
    await chains.sendUsdt(hot, 1_000n * 10n ** 18n);
    await chains.mineEvm('bsc', 1);
    signer = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'signer.js')], {
      stdio: 'ignore',
      env: { ...process.env, ...env, NODE_ENV: 'production', SIGNER_MNEMONIC_FILE: join(dir, 'mnemonic'), SIGNER_DATABASE_URL: databaseUrl, SIGNER_POLL_MS: '500', HOT_LIMIT_USDT: '500', HOT_LIMIT_USDT_DAILY: '5000' },
    });

    // An investor with USDT, the destination saved before funding (usable at once), two-factor on.
    ({ inv } = await fundedInvestor('pay', 300, 'usdt', { usdt: DESTINATION }));
    const session = await call<{ token: string }>('POST', '/auth/login', { body: { email: inv.email, password: inv.password } });
    const { secret } = (await call<{ data: { secret: string } }>('POST', '/account/2fa/setup', { token: session.token, body: { password: inv.password } })).data;
    codes = totpCodes(secret);
    await call('POST', '/account/2fa/enable', { token: session.token, body: { password: inv.password, code: await codes.next() } });
  }, 120_000);

  afterAll(async () => {
    signer?.kill('SIGTERM');
    await product?.stop();
    useProduct(undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('withdraw with a code; the admin approves; the investor sees the transaction and its confirmations rise to complete', async () => {
    if (!('chains' in nodes)) return;
    const chains = nodes.chains;
    const page = await j.open({ viewport: PHONE, isMobile: true, hasTouch: true });
    const shot = (state: string) => page.screenshot({ path: join(resultsDir, `payout-${state}-390.png`), fullPage: true });

    await j.step(page, 'withdraw 120 USDT with the authenticator code', async () => {
      await page.goto(url('/auth/login'));
      await field(page, 'Email').fill(inv.email);
      await field(page, 'Password').fill(inv.password);
      await page.getByRole('button', { name: /^log ?in$/i }).click();
      await field(page, 'Authentication code').fill(await codes.next());
      await page.getByRole('button', { name: /^log ?in$/i }).click();
      await page.waitForURL(/\/user\/main$/);
      await page.goto(url('/user/withdraw'));
      await page.getByRole('combobox', { name: 'Withdrawal method' }).selectOption('usdt');
      await field(page, 'Amount').fill('120');
      await field(page, 'Authentication code').fill(await codes.next());
      await sendWithdrawal(page);
      await text(page, 'Withdrawal request submitted successfully.');
    });

    await j.step(page, 'the admin approves it', async () => {
      const admin = await j.open();
      await loginAdmin(admin);
      await admin.goto(url('/admin/pending-withdraw'));
      const mine = await call<{ data: { id: string; user: { email: string } }[] }>('GET', '/admin/withdrawals/all?status=pending', { token: (await adminLogin()).token });
      const id = mine.data.find((w) => w.user.email === inv.email)?.id;
      await confirmAction(admin, admin.getByRole('button', { name: `Approve withdrawal ${id}` }), 'Approve', 'Withdrawal approved successfully.');
      await admin.close();
    });

    // The list is read when the screen opens: opened again until it shows `pattern`.
    const reloadUntil = async (pattern: RegExp) => {
      const end = Date.now() + 30_000;
      for (;;) {
        await page.goto(url('/user/transactions'));
        // The withdrawal's row (a card on a phone) is there once the list has come.
        await page.getByText('$120.00').first().waitFor({ timeout: 15_000 });
        const found = await page.getByText(pattern).first().waitFor({ timeout: 2_000 }).then(() => true, () => false);
        if (found) return;
        if (Date.now() > end) throw new Error(`the transactions never showed ${pattern}`);
      }
    };
    await j.step(page, 'the signer sends it: the transaction shows, 0 confirmations', async () => {
      await reloadUntil(/Sent 120 USDT, tx 0x/);
      await text(page, `0 of ${CONFIRMATIONS} confirmations`);
      await shot('sent');
    });
    await j.step(page, 'mined: confirmations rise', async () => {
      await chains.mineEvm('bsc', 1);
      await reloadUntil(new RegExp(`1 of ${CONFIRMATIONS} confirmations`));
      await shot('confirming');
    });
    await j.step(page, 'complete at its confirmations', async () => {
      await chains.mineEvm('bsc', CONFIRMATIONS);
      await reloadUntil(/^Complete$/);
      await shot('complete');
      const data = `0x70a08231${DESTINATION.slice(2).padStart(64, '0')}`;
      const balance = BigInt(await jsonRpc<string>(chains.bsc.rpcUrl, 'eth_call', [{ to: chains.contracts.usdt, data }, 'latest']));
      expect(balance).toBe(120n * 10n ** 18n);
    });
  });
});
