// Halcyon-specific setup over the public API: admin session, investors, funded balances.
import { BENCH_ADMIN } from './server';
import { expectApi } from '@halcyon/test-kit';
import { newKey, pool } from './http';

export interface Investor {
  uid: string;
  email: string;
  token: string;
}

interface AuthBody {
  token: string;
  data: { uid: string };
}

interface DataBody<T> {
  data: T;
}

export interface DepositRecord {
  id: string;
  method: string;
  status: string;
}

export async function loginAdmin(base: string): Promise<string> {
  const body = await expectApi<AuthBody>(base, 'POST', '/auth/login', 200, { body: BENCH_ADMIN });
  return body.token;
}

/** Registers `count` investors (tag keeps emails unique across runs on one database). */
export async function registerInvestors(base: string, count: number, tag: string, concurrency = 4): Promise<Investor[]> {
  const indexes = Array.from({ length: count }, (_, i) => i);
  return pool(indexes, concurrency, async (i) => {
    const email = `bench-${tag}-${i}@halcyon.test`;
    const password = `bench-password-${i}`;
    const phone = `+1415${String(5_000_000 + i).padStart(7, '0')}`;
    await expectApi(base, 'POST', '/auth/register', 201, {
      body: { name: `Bench Investor ${i}`, username: `bench_${tag}_${i}`, phone, email, password },
    });
    const auth = await expectApi<AuthBody>(base, 'POST', '/auth/login', 200, { body: { email, password } });
    return { uid: auth.data.uid, email, token: auth.token };
  });
}

export async function createDeposit(base: string, investor: Investor, method: string, amount: number): Promise<DepositRecord> {
  const body = await expectApi<DataBody<DepositRecord>>(base, 'POST', '/deposit', 201, {
    token: investor.token,
    idempotencyKey: newKey(),
    body: { method, amount, from: investor.uid },
  });
  return body.data;
}

async function approveDeposit(base: string, adminToken: string, deposit: DepositRecord): Promise<void> {
  await expectApi(base, 'PATCH', `/admin/deposits/${deposit.id}/${deposit.method}/approve`, 200, { token: adminToken });
}

/**
 * Saves each investor's payout details as a real investor would before withdrawing: a bank
 * withdrawal is refused without bank name, account and routing number (400 BANK_DETAILS_MISSING),
 * and a crypto one pays to the saved address.
 */
export async function savePayoutDetails(base: string, investors: Investor[], usdtAddress: string): Promise<void> {
  await pool(investors, 8, (inv) =>
    expectApi(base, 'PATCH', '/user/profile', 200, { token: inv.token, body: { bankName: 'Bench Bank', accountNumber: '000123456789', routingNumber: '021000021', usdt: usdtAddress } }),
  );
}

/** Gives each investor `amount` USD of usdt through a deposit an admin approves. */
export async function fundInvestors(base: string, adminToken: string, investors: Investor[], amount: number): Promise<void> {
  await pool(investors, 8, async (inv) => approveDeposit(base, adminToken, await createDeposit(base, inv, 'usdt', amount)));
}

/** Pending deposits spread round-robin over the investors and the four methods. */
export async function createPendingDeposits(base: string, investors: Investor[], count: number, concurrency = 10): Promise<DepositRecord[]> {
  const methods = ['bitcoin', 'ethereum', 'solana', 'usdt'];
  const indexes = Array.from({ length: count }, (_, i) => i);
  return pool(indexes, concurrency, (i) => createDeposit(base, investors[i % investors.length] as Investor, methods[i % methods.length] as string, 5));
}
