import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../../src/seed/seed';
import { setupTestServer } from '../harness';

const t = setupTestServer();
const seed = () => seedDemo({ db: t().db, config: t().config, storage: t().app.storage, log: t().app.log });

test('the demo seed makes a working investor whose figures come from real ledger history, once', async () => {
  expect(await seed()).toBe(true);
  expect(await seed()).toBe(false);
  const login = await t().call('login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  expect(login.status).toBe(200);
  const token = login.body.token;
  const profile = await t().call('getProfile', { token });
  // btc 5000 − 150 held − 2000 invested; usdt 2500 − 300 paid − 250 invested; eth 1200; the sol deposit is pending.
  expect(profile.body.data).toMatchObject({ btcBal: 2850, usdtBal: 1950, ethBal: 1200, solBal: 0, balance: 6000, earnings: 85.5, totalDeposits: 8700, totalWithdrawals: 300 });
  const plans = await t().call('getPlans', { token });
  expect(plans.body.data.map((p) => p.name).sort()).toEqual(['Demo VIP', 'Growth', 'Premium', 'Starter']);
  const traders = await t().call('getTraders', { token });
  expect(traders.body.data).toHaveLength(3);
  const picture = await t().fetch(traders.body.data[0]?.imageUrl ?? '');
  expect(picture.headers.get('content-type')).toBe('image/png');
  expect((await t().call('getWalletAddresses', { token })).body.data).toHaveLength(1);
  expect((await t().call('getTransactions', { token })).body.data.length).toBeGreaterThanOrEqual(8);
});
