import type { Asset } from '@halcyon/api-client/contract';
import { runMaturity } from '../../src/jobs/maturity';
import { returnCents } from '../../src/ledger/money';
import { assertLedgerInvariants } from '../hooks';
import { setupTestServer, type TestUser } from '../harness';
import { type Admin, createPlan, figures, savePayoutDetails } from './helpers';

// A seeded random walk over every money route, checked step by step against a plain model of
// the balances (in cents): each answer's status must be the one the model predicts, and at the
// end every figure must match. The invariants are checked along the way too.
const t = setupTestServer();

/** mulberry32: a tiny deterministic PRNG, so a failure replays with the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const DEPOSIT = { bitcoin: 'btc', ethereum: 'eth', solana: 'sol', usdt: 'usdt' } as const;
const WITHDRAW = { ...DEPOSIT, bank: 'usdt' } as const;
const INVEST = { BTC: 'btc', ETH: 'eth', SOL: 'sol', USDT: 'usdt' } as const;

interface Model {
  available: Record<Asset, number>;
  earnings: number;
  deposits: number;
  withdrawals: number;
}
interface OpenWithdrawal { id: string; uid: string; asset: Asset; cents: number; status: 'pending' | 'processing' }
interface LiveInvestment { id: string; uid: string; asset: Asset; cents: number; status: 'pending' | 'approved' | 'processing'; plan: string }

test.each([[1], [2], [3]])('random walk with seed %i matches the model', async (seed) => {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const cents = (max: number) => 1 + Math.floor(rnd() * max);
  const s = t();
  const admin: Admin = await s.loginAdmin();
  const users: TestUser[] = [await s.registerUser(), await s.registerUser()];
  for (const u of users) await savePayoutDetails(s, u);
  const plan = await createPlan(s, admin, { minAmount: 1, maxAmount: 400, returns: 7.5 });
  const model = new Map<string, Model>(users.map((u) => [u.uid, { available: { btc: 0, eth: 0, sol: 0, usdt: 0 }, earnings: 0, deposits: 0, withdrawals: 0 }]));
  const m = (uid: string) => model.get(uid) as Model;
  const withdrawals: OpenWithdrawal[] = [];
  const investments: LiveInvestment[] = [];
  const investmentsOf = new Map<string, string[]>();
  const expectStatus = (what: string, got: number, want: number, body: unknown) => {
    if (got !== want) throw new Error(`seed ${seed}, ${what}: expected ${want}, got ${got} ${JSON.stringify(body)}`);
  };

  for (let step = 0; step < 60; step++) {
    const user = pick(users);
    const mine = m(user.uid);
    const op = pick(['deposit', 'deposit', 'withdraw', 'decideWithdrawal', 'invest', 'decideInvestment', 'earnings', 'mature'] as const);
    if (op === 'deposit') {
      const method = pick(Object.keys(DEPOSIT) as Array<keyof typeof DEPOSIT>);
      const amount = cents(50_000);
      const dep = await s.call('createDeposit', { token: user.token, body: { method, amount: amount / 100, from: user.uid } });
      expectStatus('deposit', dep.status, 201, dep.body);
      if (rnd() < 0.8) {
        const approveWith = pick(Object.keys(DEPOSIT) as Array<keyof typeof DEPOSIT>);
        const r = await s.call('approveDeposit', { token: admin.token, params: { id: dep.body.data.id, method: approveWith } });
        expectStatus('approve deposit', r.status, 200, r.body);
        mine.available[DEPOSIT[approveWith]] += amount;
        mine.deposits += amount;
      } else {
        const r = await s.call('declineDeposit', { token: admin.token, params: { id: dep.body.data.id } });
        expectStatus('decline deposit', r.status, 200, r.body);
      }
    } else if (op === 'withdraw') {
      const method = pick(Object.keys(WITHDRAW) as Array<keyof typeof WITHDRAW>);
      const asset = WITHDRAW[method];
      const amount = cents(30_000);
      const r = await s.call('createWithdrawal', { token: user.token, body: { method, amount: amount / 100, to: user.uid, ...(method === 'bank' ? {} : { address: 'addr' }) } });
      const ok = mine.available[asset] >= amount;
      expectStatus(`withdraw ${amount} of ${mine.available[asset]} ${asset}`, r.status, ok ? 201 : 422, r.body);
      if (ok) {
        mine.available[asset] -= amount;
        withdrawals.push({ id: r.body.data.id, uid: user.uid, asset, cents: amount, status: 'pending' });
      }
    } else if (op === 'decideWithdrawal' && withdrawals.length) {
      const w = pick(withdrawals);
      const action = pick(['approveWithdrawal', 'declineWithdrawal', 'processWithdrawal'] as const);
      const r = await s.call(action, { token: admin.token, params: { id: w.id } });
      const legal = action !== 'processWithdrawal' || w.status === 'pending';
      expectStatus(action, r.status, legal ? 200 : 409, r.body);
      if (action === 'processWithdrawal' && legal) w.status = 'processing';
      if (action !== 'processWithdrawal') {
        withdrawals.splice(withdrawals.indexOf(w), 1);
        if (action === 'approveWithdrawal') m(w.uid).withdrawals += w.cents;
        else m(w.uid).available[w.asset] += w.cents;
      }
    } else if (op === 'invest') {
      const method = pick(Object.keys(INVEST) as Array<keyof typeof INVEST>);
      const asset = INVEST[method];
      const amount = cents(45_000);
      const r = await s.call('createInvestment', { token: user.token, body: { plan_id: plan, amount: amount / 100, method } });
      const want = amount > 40_000 ? 422 : mine.available[asset] >= amount ? 201 : 422;
      expectStatus(`invest ${amount} of ${mine.available[asset]} ${asset}`, r.status, want, r.body);
      if (want === 201) {
        mine.available[asset] -= amount;
        investments.push({ id: r.body.data.id, uid: user.uid, asset, cents: amount, status: 'pending', plan });
        investmentsOf.set(user.uid, [...(investmentsOf.get(user.uid) ?? []), r.body.data.id]);
      }
    } else if (op === 'decideInvestment' && investments.length) {
      const inv = pick(investments);
      const action = pick(['approveInvestment', 'processInvestment', 'endInvestment'] as const);
      const r = await s.call(action, { token: admin.token, params: { id: inv.id } });
      const legal =
        action === 'approveInvestment' ? inv.status !== 'approved' : action === 'processInvestment' ? inv.status !== 'processing' : inv.status === 'approved';
      expectStatus(`${action} from ${inv.status}`, r.status, legal ? 200 : 409, r.body);
      if (legal && action === 'approveInvestment') inv.status = 'approved';
      if (legal && action === 'processInvestment') inv.status = 'processing';
      if (legal && action === 'endInvestment') {
        investments.splice(investments.indexOf(inv), 1);
        m(inv.uid).available[inv.asset] += inv.cents;
      }
    } else if (op === 'earnings' && investmentsOf.get(user.uid)?.length) {
      const investment_id = pick(investmentsOf.get(user.uid) as string[]);
      const amount = cents(5_000);
      const credit = rnd() < 0.5;
      const r = await s.call(credit ? 'creditEarnings' : 'deductEarnings', {
        token: admin.token, params: { uid: user.uid }, body: { amount: amount / 100, plan_id: plan, investment_id },
      });
      const ok = credit || mine.earnings >= amount;
      expectStatus(credit ? 'credit' : `deduct ${amount} of ${mine.earnings}`, r.status, ok ? 201 : 422, r.body);
      if (ok) mine.earnings += credit ? amount : -amount;
    } else if (op === 'mature') {
      const due = investments.filter((i) => i.status === 'approved' && rnd() < 0.5);
      for (const i of due) await s.db.query("UPDATE investments SET end_date = now() - interval '1 second' WHERE id = $1", [i.id]);
      const settled = await runMaturity(s.db);
      expect(settled.sort()).toEqual(due.map((i) => i.id).sort());
      for (const i of due) {
        investments.splice(investments.indexOf(i), 1);
        m(i.uid).available[i.asset] += i.cents;
        m(i.uid).earnings += returnCents(i.cents, 750);
      }
    }
    if (step % 10 === 9) await assertLedgerInvariants(s.db);
  }

  for (const u of users) {
    const want = m(u.uid);
    const a = want.available;
    expect(await figures(s, u)).toEqual({
      btcBal: a.btc / 100, ethBal: a.eth / 100, solBal: a.sol / 100, usdtBal: a.usdt / 100,
      balance: (a.btc + a.eth + a.sol + a.usdt) / 100, earnings: want.earnings / 100,
      totalDeposits: want.deposits / 100, totalWithdrawals: want.withdrawals / 100,
    });
  }
}, 120_000);
