// Issue 26's journey: a deposit paid on the (local) chain is credited with no admin action. The
// investor asks for a USDT deposit, gets their own address, the test pays the quote's link from
// the node's funded account, and the open screen goes from waiting to seen to credited as blocks
// are mined; the dashboard then shows the money. The run's product watches the nodes global setup
// started; the platform's keys are set here and removed afterwards (the other journeys use the
// spec's manual flow).
import { chainNodesOrSkip, payPaymentUri, platformXpubs } from '@halcyon/test-kit/chain';
import { adminLogin, call, newInvestor, registerInvestor } from '../src/api';
import { E2E_CONFIRMATIONS } from '../src/global-setup';
import { join } from 'node:path';
import { PHONE } from '../src/browser';
import { journey } from '../src/journey';
import { resultsDir } from '../src/run-info';
import { at, eventually, loginInvestor, shown, text, url } from '../src/ui';

const nodes = chainNodesOrSkip('the chain journey');
const j = journey('chain');
const inv = newInvestor('chain');

interface WalletRecord { _id: string; bitcoin: string; ethereum: string; sol: string; usdt: string }
let restore: (() => Promise<void>) | undefined;
let sharedUsdt = '';

const run = 'chains' in nodes ? describe : describe.skip;

run('a deposit credited from the chain', () => {
  beforeAll(async () => {
    await registerInvestor(inv);
    const admin = await adminLogin();
    // The record, as the Update Wallets screen makes it when there is none yet.
    const [known] = (await call<{ data: WalletRecord[] }>('GET', '/wallet-address', { token: admin.token })).data;
    const shared = { bitcoin: 'bc1qjourneyshared', ethereum: '0xJourneyShared', sol: 'JourneySharedSol', usdt: 'TJourneySharedUsdt' };
    const record = known ?? (await call<{ data: WalletRecord }>('POST', '/wallet-address', { token: admin.token, body: shared })).data;
    const addresses = { bitcoin: record.bitcoin, ethereum: record.ethereum, sol: record.sol, usdt: record.usdt };
    sharedUsdt = record.usdt;
    // A mnemonic of the journey's own: no investor's address is one of the nodes' accounts.
    const keys = platformXpubs('legal winner thank year wave sausage worth useful legal winner thank yellow', 7);
    await call('PATCH', `/wallet-address/update/${record._id}`, { token: admin.token, body: { ...addresses, ...keys } });
    restore = async () => {
      await call('PATCH', `/wallet-address/update/${record._id}`, { token: admin.token, body: { ...addresses, bitcoinXpub: null, evmXpub: null } });
    };
  });
  afterAll(async () => {
    await restore?.();
  });

  test('the investor pays a USDT quote and watches it go from waiting to credited', async () => {
    if (!('chains' in nodes)) return;
    const chains = nodes.chains;
    // On a phone, where an investor pays from a wallet app; each state's screen is kept in e2e/results.
    const page = await j.open({ viewport: PHONE, isMobile: true, hasTouch: true });
    const shot = (state: string) => page.screenshot({ path: join(resultsDir, `chain-${state}-390.png`), fullPage: true });
    await j.step(page, 'investor asks for a USDT deposit', async () => {
      await loginInvestor(page, inv.email, inv.password);
      await page.goto(url('/user/deposit'));
      await (await shown(page.getByRole('listitem', { name: 'USDT', exact: true }).getByRole('button', { name: 'Fund' }))).click();
      const dialog = await shown(page.getByRole('dialog'));
      await dialog.getByLabel(/Amount/).fill('25');
      await dialog.getByRole('button', { name: 'Deposit now' }).click();
      await at(page, '/user/payment-info');
      // The shared address is never shown on a watched chain: the investor's own comes with the quote.
      await shown(page.getByRole('button', { name: 'Get my deposit address' }));
      expect(await page.getByText(sharedUsdt).count()).toBe(0);
      await page.getByRole('button', { name: 'Get my deposit address' }).click();
      await text(page, 'Waiting for your payment');
      await shot('waiting');
    });
    const link = await j.step(page, 'the quote shows the investor\'s own address', async () => {
      const href = await (await shown(page.getByRole('link', { name: 'Open in a wallet app' }))).getAttribute('href');
      if (!href) throw new Error('no payment link');
      return href;
    });
    await j.step(page, 'paid and seen in its first block', async () => {
      await payPaymentUri(chains, link);
      await chains.mineEvm('bsc', 1);
      await text(page, `Payment seen: 1 of ${E2E_CONFIRMATIONS} confirmations`, 20_000);
      await shot('seen');
    });
    await j.step(page, 'credited at its confirmations, with no admin', async () => {
      await chains.mineEvm('bsc', E2E_CONFIRMATIONS - 1);
      await text(page, 'Credited to your balance', 20_000);
      await shot('credited');
    });
    await j.step(page, 'the dashboard shows the money', async () => {
      await page.goto(url('/user/main'));
      await eventually(async () => {
        await shown(page.getByRole('listitem', { name: 'USDT', exact: true }).getByText('$25.00', { exact: true }), 2_000);
      }, 20_000);
    });
  });
});
