import type { DepositMethod } from '@halcyon/api-client/contract';
import type { TestServer, TestUser } from '../harness';

/** Shared steps of the ledger tests, all through the real HTTP API. */

export interface Admin {
  uid: string;
  token: string;
}

type Registration = NonNullable<Parameters<TestServer['registerUser']>[0]>;
export type Cast<K extends string> = { admin: Admin } & Record<K, TestUser>;

/**
 * Payout details an investor saved before any deposit (usable at once): a bank withdrawal pays to
 * saved bank details and a usdt one to an address, recorded with the request (docs/security.md).
 * Written straight to the row: what Settings does with them is tested in core/payout-book.test.ts,
 * and a request (with its alert mail) per investor per test cost the suites a fifth of their time.
 */
export async function savePayoutDetails(s: TestServer, user: TestUser): Promise<void> {
  await s.db.query("UPDATE users SET bank_name = 'Harbor Savings', account_number = '000123454321', routing_number = '021000021', usdt = 'TSavedUsdtPayout1' WHERE id = $1", [user.uid]);
}

/**
 * The people of a ledger test: before each test (the database is emptied between tests) the first
 * admin logs in and one investor per key of `users` registers, in that order, with SAVED_PAYOUT.
 * The objects returned stand for the running test's people, so a file names them once instead of
 * `let` + reassigning.
 */
export function setupCast<K extends string>(t: () => TestServer, users: Record<K, Registration>): Cast<K> {
  let current: Cast<K> | undefined;
  beforeEach(async () => {
    const people: Partial<Record<K, TestUser>> = {};
    const admin = await t().loginAdmin();
    for (const key of Object.keys(users) as K[]) {
      const person = await t().registerUser(users[key]);
      await savePayoutDetails(t(), person);
      people[key] = person;
    }
    current = { admin, ...(people as Record<K, TestUser>) };
  });
  const now = (key: keyof Cast<K>): object => {
    if (!current) throw new Error('setupCast: people are only there inside a test');
    return current[key];
  };
  const standIn = (key: keyof Cast<K>) =>
    new Proxy(
      {},
      {
        get: (_target, field) => Reflect.get(now(key), field),
        has: (_target, field) => Reflect.has(now(key), field),
        ownKeys: () => Reflect.ownKeys(now(key)),
        getOwnPropertyDescriptor: (_target, field) => {
          const found = Reflect.getOwnPropertyDescriptor(now(key), field);
          return found && { ...found, configurable: true };
        },
      },
    );
  const keys: Array<keyof Cast<K>> = ['admin', ...(Object.keys(users) as K[])];
  return Object.fromEntries(keys.map((key) => [key, standIn(key)])) as Cast<K>;
}

/** Throws with the response when a setup step does not succeed, so a broken step is obvious. */
function ok<T extends { status: number; body: unknown }>(res: T, status: number, what: string): T {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A deposit requested by the user and approved by the admin: `amount` USD lands in the method's asset. */
export async function fund(s: TestServer, admin: Admin, user: TestUser, amount: number, method: DepositMethod = 'usdt'): Promise<string> {
  const dep = ok(await s.call('createDeposit', { token: user.token, body: { method, amount, from: user.uid } }), 201, 'createDeposit');
  const id = dep.body.data.id;
  ok(await s.call('approveDeposit', { token: admin.token, params: { id, method } }), 200, 'approveDeposit');
  return id;
}

export async function createPlan(
  s: TestServer,
  admin: Admin,
  plan: Partial<{ name: string; minAmount: number; maxAmount: number; returns: number; duration: number; uid: string }> = {},
): Promise<string> {
  const body = { name: 'Gold', minAmount: 100, maxAmount: 5000, returns: 10, duration: 30, ...plan };
  return ok(await s.call('createPlan', { token: admin.token, body }), 201, 'createPlan').body.data.id;
}

/** An investment request (pending) of `amount` USD in `planId`, paid from `method`'s asset. */
export async function invest(s: TestServer, user: TestUser, planId: string, amount: number, method: 'BTC' | 'USDT' | 'ETH' | 'SOL' = 'USDT'): Promise<string> {
  return ok(await s.call('createInvestment', { token: user.token, body: { plan_id: planId, amount, method } }), 201, 'createInvestment').body.data.id;
}

/** The money figures of the user's profile (ledger-derived). */
export async function figures(s: TestServer, user: TestUser) {
  const p = ok(await s.call('getProfile', { token: user.token }), 200, 'getProfile').body.data;
  return {
    balance: p.balance, btcBal: p.btcBal, usdtBal: p.usdtBal, ethBal: p.ethBal, solBal: p.solBal,
    earnings: p.earnings, totalDeposits: p.totalDeposits, totalWithdrawals: p.totalWithdrawals,
  };
}

/** The user's balance in one account (cents as a number), straight from the database. */
export async function accountCents(s: TestServer, id: string): Promise<number> {
  const r = await s.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE id = $1', [id]);
  return Number(r.rows[0]?.balance ?? 0);
}

/** Amounts the API must refuse with 400 (ledger.md rule 5), with the reason it gives. */
export const BAD_AMOUNTS: Array<[string, unknown, string]> = [
  ['zero', 0, 'amount: must be greater than 0'],
  ['negative', -5, 'amount: must be greater than 0'],
  ['three decimals', 10.001, 'amount: must have at most 2 decimals'],
  ['under a cent, in exponent notation (not rounded to 0)', 1e-9, 'amount: must have at most 2 decimals'],
  ['a string', '10', 'amount: must be a number'],
  ['NaN sent as null', null, 'amount: must be a number'],
  ['more than 1e12', 1e12 + 1, 'amount: must be at most 1000000000000'],
  ['missing', undefined, 'amount: is required'],
];
