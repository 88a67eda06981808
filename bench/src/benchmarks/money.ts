// Our money moves over HTTP: withdrawal requests (available → held) and deposit approvals
// (custody → available), spread over many investors, each answered 2xx being one ledger transfer.
import type { Request as AcRequest } from 'autocannon';
import { load, type LoadResult } from '../lib/load';
import { newKey } from '../lib/http';
import { createPendingDeposits, fundInvestors, loginAdmin, registerInvestors, savePayoutDetails, type DepositRecord, type Investor } from '../lib/fixtures';

/** Every investor's saved usdt payout address, named again by their usdt withdrawals. */
const PAYOUT_ADDRESS = 'TBenchWallet1111111111111111111111';

export interface MoneyOptions {
  base: string;
  clients: number;
  seconds: number;
  users: number;
  /** Distinguishes investors when one database serves several runs. */
  tag: string;
  log?: (line: string) => void;
}

export interface MoneyResult extends LoadResult {
  /** Deposit approvals that were part of the mix (the rest are withdrawal requests). */
  approvals: number;
  withdrawals: number;
}

/** Alternates approvals and withdrawals; when the pool of pending deposits runs dry, withdrawals only. */
function moneyMix(adminToken: string, investors: Investor[], pending: DepositRecord[]) {
  let n = 0;
  let nextDeposit = 0;
  const counts = { approvals: 0, withdrawals: 0 };
  const setupRequest = (req: AcRequest): AcRequest => {
    const turn = n++;
    const deposit = turn % 2 === 0 ? pending[nextDeposit] : undefined;
    if (deposit) {
      nextDeposit++;
      counts.approvals++;
      return { ...req, method: 'PATCH', path: `/api/admin/deposits/${deposit.id}/${deposit.method}/approve`, headers: { authorization: `Bearer ${adminToken}` }, body: undefined };
    }
    const inv = investors[turn % investors.length] as Investor;
    counts.withdrawals++;
    return {
      ...req,
      method: 'POST',
      path: '/api/withdrawal',
      headers: { authorization: `Bearer ${inv.token}`, 'content-type': 'application/json', 'idempotency-key': newKey() },
      // A bank withdrawal names no wallet address (rules/withdrawals.ts).
      body: JSON.stringify(turn % 4 === 1 ? { method: 'bank', amount: 1, to: inv.uid } : { method: 'usdt', amount: 1, to: inv.uid, address: PAYOUT_ADDRESS }),
    };
  };
  return { setupRequest, counts };
}

/** Investors registered and funded, pending deposits filed: loads of money moves on them, one after another. */
export interface MoneyMoves {
  investors: Investor[];
  /** One load of `seconds`; the mix goes on where the last load stopped. */
  load(seconds: number): Promise<MoneyResult>;
}

export async function prepareMoneyMoves(o: Omit<MoneyOptions, 'seconds'> & { totalSeconds: number }): Promise<MoneyMoves> {
  const log = o.log ?? (() => undefined);
  const adminToken = await loginAdmin(o.base);
  log(`  registering ${o.users} investors…`);
  const investors = await registerInvestors(o.base, o.users, o.tag);
  await savePayoutDetails(o.base, investors, PAYOUT_ADDRESS);
  log('  funding them…');
  await fundInvestors(o.base, adminToken, investors, 1_000_000);
  // Enough pending deposits for ~100 approvals/s; beyond that the mix turns to withdrawals.
  const poolSize = o.totalSeconds * 100;
  log(`  creating ${poolSize} pending deposits…`);
  const pending = await createPendingDeposits(o.base, investors, poolSize);
  const mix = moneyMix(adminToken, investors, pending);
  return {
    investors,
    async load(seconds) {
      const before = { ...mix.counts };
      log(`  load: ${o.clients} connections for ${seconds} s…`);
      const result = await load({
        url: o.base,
        connections: o.clients,
        duration: seconds,
        requests: [{ method: 'POST', path: '/api/withdrawal', setupRequest: mix.setupRequest }],
      });
      return { ...result, approvals: mix.counts.approvals - before.approvals, withdrawals: mix.counts.withdrawals - before.withdrawals };
    },
  };
}

export async function runMoneyMoves(o: MoneyOptions): Promise<{ result: MoneyResult; investors: Investor[] }> {
  const moves = await prepareMoneyMoves({ ...o, totalSeconds: o.seconds });
  return { result: await moves.load(o.seconds), investors: moves.investors };
}
