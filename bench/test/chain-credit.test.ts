// Issue 26: deposits seen on the chain are credited exactly once while three server processes
// (the production build, one PostgreSQL database) follow Bitcoin, Ethereum and BSC, and each of
// them is killed with SIGKILL in the middle of crediting, then started again.
import { Client } from 'pg';
import { createScratchDb, expectApi, pgAdminUrl, restartProduct, type Product, type ScratchDb } from '@halcyon/test-kit';
import { chainServerEnv, ownChainNodesSkip, platformXpubs, startChainNodes, type ChainNodes } from '@halcyon/test-kit/chain';
import { startServer } from '../src/lib/server';
import { pool } from '../src/lib/http';
import { loginAdmin, registerInvestors, type Investor } from '../src/lib/fixtures';
import { createQuote, mineAll, payQuote, setPlatformKeys, type Quote, type QuoteMethod } from '../src/lib/chain';
import { checkInvariants, transfersByRef } from '../src/lib/invariants';
import { describeWithPostgres } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SANE = { unbalancedAssets: [], driftedAccounts: [], figureMismatches: [], negativeUserAccounts: [], reservationMismatches: [], openWithdrawalMismatches: [], inflowMismatches: [] };

/** The platform's keys: a mnemonic of this test's own (not Anvil's, whose accounts pay). */
const KEYS = platformXpubs('legal winner thank year wave sausage worth useful legal winner thank yellow');
const PROCESSES = 3;
/** Waves of payments, each this many investors paying on all three chains: a chance to kill a process mid-credit each. */
const WAVES = 7;
const PER_WAVE = 5;
/** Every wave is paid in its own block; the confirming blocks then come one wave at a time. */
const CONFIRMATIONS = WAVES + 1;
const METHODS: QuoteMethod[] = ['bitcoin', 'ethereum', 'usdt'];
const ASSET: Record<QuoteMethod, 'btcBal' | 'ethBal' | 'usdtBal'> = { bitcoin: 'btcBal', ethereum: 'ethBal', usdt: 'usdtBal' };

/**
 * pg-boss frees a singleton job whose process died once the job has expired and pg-boss's
 * maintenance has noticed: the servers here set both short (CHAIN_FOLLOWER_EXPIRE_SECONDS,
 * JOB_MAINTENANCE_INTERVAL_SECONDS; 60 s and 30 s by default), so each kill costs seconds.
 */
const EXPIRY = { CHAIN_FOLLOWER_EXPIRE_SECONDS: '6', JOB_MAINTENANCE_INTERVAL_SECONDS: '1' };
const JOBS_SCHEMA = 'pgboss';
const OVERLAP_TOLERANCE_MS = 50;

/** A database URL whose connections name the process in pg_stat_activity (which process is crediting). */
const named = (url: string, name: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
};

interface FollowerRun {
  name: string;
  state: string;
  started: Date;
  ended: Date | null;
  output: unknown;
}

const skip = ownChainNodesSkip('the chain crash test');
if (skip) console.log(skip);
const describeChain = skip ? describe.skip : describeWithPostgres;

describeChain('deposits on the chain: three processes, each killed mid-credit', () => {
  let nodes: ChainNodes;
  let scratch: ScratchDb;
  let db: Client;
  const servers: Array<Product | undefined> = [];
  const live = () => servers.filter((s): s is Product => s !== undefined);
  const at = (i: number) => (live()[i % live().length] as Product).baseUrl;

  beforeAll(async () => {
    const started = Date.now();
    [nodes, scratch] = await Promise.all([startChainNodes(), createScratchDb(pgAdminUrl(), 'halcyon_chain_faults')]);
    db = new Client({ connectionString: scratch.url });
    await db.connect();
    const env = { ...chainServerEnv(nodes.description, { confirmations: CONFIRMATIONS, pollMs: 250 }), CHAIN_RESERVES_INTERVAL_MS: '0', ...EXPIRY, LOG_LEVEL: 'info' };
    // One after the other: the first runs the migrations and creates pg-boss's schema.
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer({ databaseUrl: named(scratch.url, `halcyon-p${i}`), env }));
    console.log(`chain crash test: nodes, database and ${PROCESSES} servers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  afterAll(async () => {
    await Promise.all(live().map((s) => s.stop().catch(() => undefined)));
    await db?.end();
    await scratch?.drop();
    await nodes?.stop();
  });

  /** The processes (by index) inside a crediting transaction right now. */
  async function crediting(): Promise<number[]> {
    const { rows } = await db.query<{ app: string }>(
      `SELECT DISTINCT application_name AS app FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'halcyon-p%' AND state IN ('active', 'idle in transaction')
          AND xact_start IS NOT NULL AND (query LIKE '%deposit_approve%' OR query LIKE '%FOR UPDATE OF p%' OR query LIKE 'UPDATE chain_payments SET status = ''credited''%')`,
    );
    return rows.map((r) => Number(r.app.slice('halcyon-p'.length)));
  }

  async function creditedCount(ids: string[]): Promise<number> {
    const { rows } = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM deposits WHERE id = ANY($1::text[]) AND status = 'approved'", [ids]);
    return Number(rows[0]?.n);
  }

  /** Waits until the followers have recorded every payment of `quotes` (in a block, not yet credited). */
  async function waitSeen(quotes: Quote[], timeoutMs: number): Promise<void> {
    const ids = quotes.map((q) => q.id);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM chain_payments WHERE deposit_id = ANY($1::text[]) AND status IN ('seen', 'credited')", [ids]);
      if (Number(rows[0]?.n) === ids.length) return;
      if (Date.now() > deadline) throw new Error(`only ${rows[0]?.n} of ${ids.length} payments seen after ${timeoutMs / 1000} s`);
      await sleep(100);
    }
  }

  it('credits every quote exactly once; the ledger balances; one follower per chain at a time', async () => {
    const t0 = Date.now();
    const admin = await loginAdmin(at(0));
    await setPlatformKeys(at(1), admin, KEYS);
    const investors = await registerInvestors(at(2), WAVES * PER_WAVE, `chain${Date.now()}`, 6);
    // Each investor asks for a quote on each chain, with amounts of their own (cents differ).
    const quotes: Quote[][] = [];
    await pool(investors, 6, async (inv: Investor, i) => {
      quotes[i] = [];
      for (const [k, method] of METHODS.entries()) quotes[i]?.push(await createQuote(at(i + k), inv, method, 100 + 10 * k + i + (i % 4) / 4));
    });
    const waves = Array.from({ length: WAVES }, (_, w) => quotes.slice(w * PER_WAVE, (w + 1) * PER_WAVE).flat());
    const all = waves.flat();
    console.log(`chain crash test: ${investors.length} investors, ${all.length} quotes in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // Each wave is paid in a block of its own on each chain; none has its confirmations yet.
    for (const wave of waves) {
      for (const q of wave) await payQuote(nodes, q);
      await mineAll(nodes);
    }
    // The first wave has WAVES confirmations now, one short of CONFIRMATIONS.
    await waitSeen(all, 30_000);
    expect(await creditedCount(all.map((q) => q.id))).toBe(0);

    // Then one block at a time gives a wave its last confirmation. While a wave is being credited,
    // a process inside a crediting transaction that has not been killed yet gets SIGKILL and is
    // started again; a wave that went through without one has no kill.
    const killed = new Set<number>();
    const kills: Array<{ slot: number; wave: number; midCredit: boolean; credited: number }> = [];
    const restarts: Promise<void>[] = [];
    const seenBusy: string[] = [];
    for (const [w, wave] of waves.entries()) {
      const ids = wave.map((q) => q.id);
      await mineAll(nodes);
      if (killed.size === PROCESSES) continue;
      let victim: number | undefined;
      const deadline = Date.now() + 20_000;
      while (victim === undefined && Date.now() < deadline) {
        const busy = await crediting();
        for (const b of busy) seenBusy.push(`${w}:${b}`);
        const credited = await creditedCount(ids);
        if (credited === ids.length) break;
        // Some of the wave committed already, the rest not yet: the run is cut off half way.
        if (credited > 0) victim = busy.find((i) => servers[i] !== undefined && !killed.has(i));
        if (victim === undefined) await sleep(5);
      }
      if (victim === undefined) continue;
      const product = servers[victim] as Product;
      servers[victim] = undefined;
      await product.kill();
      killed.add(victim);
      kills.push({ slot: victim, wave: w, midCredit: true, credited: await creditedCount(ids) });
      const slot = victim;
      restarts.push(
        restartProduct(product).then((again) => {
          servers[slot] = again;
        }),
      );
    }
    await Promise.all(restarts);
    // A process never picked above is killed and restarted too, so that each has died once.
    for (let i = 0; i < PROCESSES; i++) {
      if (killed.has(i)) continue;
      const product = servers[i] as Product;
      await product.kill();
      kills.push({ slot: i, wave: -1, midCredit: false, credited: await creditedCount(all.map((q) => q.id)) });
      servers[i] = await restartProduct(product);
    }
    console.log(`chain crash test: kills ${JSON.stringify(kills)} busy ${[...new Set(seenBusy)].join(' ')}`);

    // Every payment is credited in the end, by whichever process runs the followers now.
    const ids = all.map((q) => q.id);
    const deadline = Date.now() + 60_000;
    while ((await creditedCount(ids)) < ids.length && Date.now() < deadline) await sleep(200);
    console.log(`chain crash test: all credited ${((Date.now() - t0) / 1000).toFixed(1)} s after the first request`);
    expect(await creditedCount(ids)).toBe(ids.length);
    await sleep(1500); // later runs find nothing more to do

    // Exactly once: one payment per quote, credited at the quote; one deposit transfer per quote.
    const payments = await db.query<{ deposit_id: string; status: string; valuation: string; credited_cents: string; n: string }>(
      `SELECT deposit_id, status, valuation, credited_cents::text, count(*) OVER (PARTITION BY deposit_id)::text AS n FROM chain_payments`,
    );
    expect(payments.rows).toHaveLength(all.length);
    const byDeposit = new Map(payments.rows.map((p) => [p.deposit_id, p]));
    expect(all.filter((q) => { const p = byDeposit.get(q.id); return !(p && p.n === '1' && p.status === 'credited' && p.valuation === 'quote' && Number(p.credited_cents) === q.cents); })).toEqual([]);
    const deposits = await db.query<{ id: string; status: string; amount_cents: string; quoted_cents: string; payment_key: string | null }>(
      'SELECT id, status, amount_cents::text, quoted_cents::text, payment_key FROM deposits WHERE id = ANY($1::text[])',
      [ids],
    );
    expect(deposits.rows.filter((d) => d.status !== 'approved' || d.amount_cents !== d.quoted_cents || !d.payment_key)).toEqual([]);
    const credits = await transfersByRef(db, 'deposit', ids);
    expect(ids.filter((id) => credits.get(id) !== 1)).toEqual([]);
    const allCredits = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM transfers WHERE kind = 'deposit'");
    expect(Number(allCredits.rows[0]?.n)).toBe(ids.length);

    // Each investor's balances are exactly their quotes.
    await pool(investors, 6, async (inv, i) => {
      const profile = await expectApi<{ data: Record<string, number> }>(at(i), 'GET', '/user/profile', 200, { token: inv.token });
      const mine = quotes[i] as Quote[];
      expect(Object.fromEntries(mine.map((q) => [ASSET[q.method], profile.data[ASSET[q.method]]]))).toEqual(Object.fromEntries(mine.map((q) => [ASSET[q.method], q.cents / 100])));
    });
    expect(await checkInvariants(db)).toMatchObject(SANE);

    // The singleton held: per chain, pg-boss never had two follower jobs active at once: each
    // started after the one before ended (a killed one ends when it expires). pg-boss stamps both
    // with now(), its statement's start: a job fetched while the one before was being completed is
    // stamped up to that statement's length early, hence a tolerance of a few milliseconds.
    const runs = await db.query<FollowerRun>(
      `SELECT name, state::text, started_on AS started, completed_on AS ended, output FROM ${JOBS_SCHEMA}.job WHERE name LIKE 'chain-follow-%' AND started_on IS NOT NULL
       UNION ALL SELECT name, state::text, started_on, completed_on, output FROM ${JOBS_SCHEMA}.archive WHERE name LIKE 'chain-follow-%' AND started_on IS NOT NULL
       ORDER BY name, started`,
    );
    const gaps: number[] = [];
    const overlaps: string[] = [];
    for (const [i, run] of runs.rows.entries()) {
      const prev = runs.rows[i - 1];
      if (prev?.name !== run.name) continue;
      const gap = prev.ended === null ? -Infinity : run.started.getTime() - prev.ended.getTime();
      gaps.push(gap);
      if (gap < -OVERLAP_TOLERANCE_MS) overlaps.push(`${run.name}: ${prev.state} ${prev.started.toISOString()}–${prev.ended?.toISOString() ?? 'still active'}, then one from ${run.started.toISOString()}`);
    }
    expect(overlaps).toEqual([]);
    // …and a kill did cut a follower off in the middle of its run (its job expired, as pg-boss says).
    const cutOff = runs.rows.filter((r) => r.state === 'failed' && JSON.stringify(r.output).includes('timeout'));
    console.log(`chain crash test: ${runs.rows.length} follower runs (closest: ${Math.min(...gaps)} ms after the one before), ${cutOff.length} cut off by a kill; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(kills.filter((k) => k.midCredit).length).toBeGreaterThan(0);
    expect(cutOff.length).toBeGreaterThan(0);
  }, 120_000);
});
