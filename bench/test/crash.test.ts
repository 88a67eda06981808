// Issue 7 §6: under a steady load of money moves on PostgreSQL the server is killed with SIGKILL
// and started again. Then: every 2xx request has exactly one transfer, no transfer exists for a
// request that failed, the ledger balances, no balance is negative, and the maturity job resumes.
import { Client } from 'pg';
import { callApi, expectApi, restartProduct, type Product } from '@halcyon/test-kit';
import { startServer } from '../src/lib/server';
import { newKey, pool } from '../src/lib/http';
import { createPendingDeposits, fundInvestors, loginAdmin, registerInvestors, type DepositRecord, type Investor } from '../src/lib/fixtures';
import { checkInvariants, transfersByRef } from '../src/lib/invariants';
import { databaseUrl, describeWithPostgres } from './helpers';

type Outcome = { status: number; id?: string } | { status: 'failed' };

interface WithdrawalAttempt {
  investor: Investor;
  key: string;
  outcome: Outcome;
}

interface ApprovalAttempt {
  deposit: DepositRecord;
  outcome: Outcome;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request whose connection died (kill -9) has an unknown result: 'failed' here. */
async function attempt(fn: () => Promise<{ status: number; body: unknown }>): Promise<Outcome> {
  try {
    const r = await fn();
    const id = (r.body as { data?: { id?: string } } | null)?.data?.id;
    return id ? { status: r.status, id } : { status: r.status };
  } catch {
    return { status: 'failed' };
  }
}

const ok = (o: Outcome): o is { status: number; id?: string } => o.status !== 'failed' && o.status >= 200 && o.status < 300;

describeWithPostgres('kill -9 under load (PostgreSQL)', () => {
  let server: Product | undefined;
  let db: Client;

  beforeAll(async () => {
    db = new Client({ connectionString: databaseUrl() });
    await db.connect();
  });
  afterAll(async () => {
    await server?.stop();
    await db.end();
  });

  it('keeps every money rule across the crash and resumes maturity', async () => {
    const env = { MATURITY_INTERVAL_MS: '1000', LOG_LEVEL: 'warn' };
    server = await startServer({ databaseUrl: databaseUrl(), env });
    const base = server.baseUrl;
    const admin = await loginAdmin(base);
    const investors = await registerInvestors(base, 12, `crash${Date.now()}`);
    await fundInvestors(base, admin, investors, 10_000);

    // Investments that will mature: approved now, their end date moved into the past while down.
    const plan = await expectApi<{ data: { id: string } }>(base, 'POST', '/admin/plans', 201, {
      token: admin,
      body: { name: 'Crash plan', minAmount: 10, maxAmount: 1000, returns: 10, duration: 30 },
    });
    const investments = await pool(investors.slice(0, 3), 3, async (inv) => {
      const created = await expectApi<{ data: { id: string } }>(base, 'POST', '/investment', 201, {
        token: inv.token,
        idempotencyKey: newKey(),
        body: { plan_id: plan.data.id, amount: 100, method: 'USDT' },
      });
      await expectApi(base, 'PATCH', `/admin/investments/${created.data.id}/approve`, 200, { token: admin });
      return created.data.id;
    });

    const pending = await createPendingDeposits(base, investors, 300, 6);
    const withdrawals: WithdrawalAttempt[] = [];
    const approvals: ApprovalAttempt[] = [];
    let running = true;
    let turn = 0;
    let nextDeposit = 0;
    const worker = async (): Promise<void> => {
      while (running) {
        const t = turn++;
        const deposit = t % 2 === 0 ? pending[nextDeposit] : undefined;
        if (deposit) {
          nextDeposit++;
          const outcome = await attempt(() => callApi(base, 'PATCH', `/admin/deposits/${deposit.id}/${deposit.method}/approve`, { token: admin }));
          approvals.push({ deposit, outcome });
        } else {
          const investor = investors[t % investors.length] as Investor;
          const key = newKey();
          const outcome = await attempt(() =>
            callApi(base, 'POST', '/withdrawal', { token: investor.token, idempotencyKey: key, body: { method: 'usdt', amount: 1.25, to: investor.uid, address: 'crash-wallet' } }),
          );
          withdrawals.push({ investor, key, outcome });
        }
        if (server === undefined) await sleep(20);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await sleep(2500);
    const beforeKill = withdrawals.length + approvals.length;
    const first = server;
    server = undefined;
    await first.kill(); // the crash: SIGKILL, nothing flushed or closed
    await sleep(300);
    running = false;
    await load;
    expect(beforeKill).toBeGreaterThan(50); // the load was real
    expect([...withdrawals, ...approvals].some((a) => a.outcome.status === 'failed')).toBe(true); // and the crash hit it

    // Time passes while the server is down: the investments' end date is now behind us.
    await db.query(`UPDATE investments SET end_date = now() - interval '1 minute' WHERE id = ANY($1::text[])`, [investments]);
    server = await restartProduct(first); // same port, database and settings

    // A client retries what it could not see answered, with the same Idempotency-Key.
    for (const w of withdrawals.filter((a) => a.outcome.status === 'failed')) {
      w.outcome = await attempt(() =>
        callApi(base, 'POST', '/withdrawal', { token: w.investor.token, idempotencyKey: w.key, body: { method: 'usdt', amount: 1.25, to: w.investor.uid, address: 'crash-wallet' } }),
      );
    }
    for (const a of approvals.filter((x) => x.outcome.status === 'failed')) {
      a.outcome = await attempt(() => callApi(base, 'PATCH', `/admin/deposits/${a.deposit.id}/${a.deposit.method}/approve`, { token: admin }));
    }

    // Every withdrawal answered 2xx (first time or on retry) has exactly one hold transfer.
    const okWithdrawals = withdrawals.filter((w) => ok(w.outcome));
    const answeredIds = okWithdrawals.map((w) => (w.outcome as { id?: string }).id ?? '');
    expect(answeredIds.every(Boolean)).toBe(true);
    expect(new Set(answeredIds).size).toBe(answeredIds.length);
    const holds = await transfersByRef(db, 'withdrawal_hold', answeredIds);
    expect(answeredIds.filter((id) => holds.get(id) !== 1)).toEqual([]);
    // …and nothing else: the investors' withdrawals are exactly the answered ones (none for a failure).
    const uids = investors.map((i) => i.uid);
    const rows = await db.query<{ id: string }>('SELECT id FROM withdrawals WHERE uid = ANY($1::text[])', [uids]);
    expect(rows.rows.map((r) => r.id).sort()).toEqual([...answeredIds].sort());
    const allHolds = await db.query<{ n: string }>(
      `SELECT COUNT(*)::text AS n FROM transfers t JOIN withdrawals w ON t.ref_type = 'withdrawal' AND t.ref_id = w.id WHERE w.uid = ANY($1::text[])`,
      [uids],
    );
    expect(Number(allHolds.rows[0]?.n)).toBe(answeredIds.length);

    // Deposits: approved ⇔ exactly one deposit transfer; a failed or refused approval moved nothing.
    const poolIds = pending.map((d) => d.id);
    const credited = await transfersByRef(db, 'deposit', poolIds);
    const statuses = await db.query<{ id: string; status: string }>('SELECT id, status FROM deposits WHERE id = ANY($1::text[])', [poolIds]);
    const wrong = statuses.rows.filter((d) => (credited.get(d.id) ?? 0) !== (d.status === 'approved' ? 1 : 0));
    expect(wrong).toEqual([]);
    for (const a of approvals) {
      const status = statuses.rows.find((d) => d.id === a.deposit.id)?.status;
      if (ok(a.outcome)) expect(status).toBe('approved');
    }
    expect(approvals.filter((a) => ok(a.outcome)).length).toBeGreaterThan(0);

    // Conservation, balances equal to their transfers, no negative user balance.
    const report = await checkInvariants(db);
    expect(report).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], figureMismatches: [], negativeUserAccounts: [], reservationMismatches: [], openWithdrawalMismatches: [], inflowMismatches: [] });

    // The maturity job runs again after the restart and settles each due investment exactly once.
    const deadline = Date.now() + 20_000;
    let ended: { id: string; status: string; ended_reason: string | null }[] = [];
    while (Date.now() < deadline) {
      ended = (await db.query<{ id: string; status: string; ended_reason: string | null }>('SELECT id, status, ended_reason FROM investments WHERE id = ANY($1::text[])', [investments])).rows;
      if (ended.every((i) => i.status === 'ended')) break;
      await sleep(500);
    }
    expect(ended.map((i) => [i.status, i.ended_reason])).toEqual(investments.map(() => ['ended', 'matured']));
    const earnings = await transfersByRef(db, 'maturity_earnings', investments);
    const principal = await transfersByRef(db, 'maturity_principal', investments);
    expect(investments.map((id) => [earnings.get(id), principal.get(id)])).toEqual(investments.map(() => [1, 1]));
    expect(await checkInvariants(db)).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], figureMismatches: [], negativeUserAccounts: [], reservationMismatches: [], openWithdrawalMismatches: [], inflowMismatches: [] });
  });
});
