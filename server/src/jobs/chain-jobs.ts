import type { WatchedChain } from '../chain/chains';
import type { Deps } from '../deps';
import { creditConfirmed } from './chain-credit';
import { followChain, type FollowSettings } from './chain-follow';
import { measureReserve } from './chain-reserves';
import { confirmPayouts } from './payout-confirm';
import { periodicKind, type JobKind } from './queue';

/**
 * Blocks per batch, and per run at most (or 20 s of reading): a run that stopped short of the tip
 * asks for the next one at once (catch-up), and a run stays well inside its job's expiry. A
 * mainnet Bitcoin block at verbosity 2 is megabytes of JSON: 5 per batch; EVM blocks, 50.
 */
const BATCH = { bitcoin: 5, evm: 50 } as const;
const PER_RUN = 2000;
const BUDGET_MS = 20_000;

/** How a follower job reads `family`'s chain (the bench reads with the same). */
export const followSettings = (family: 'bitcoin' | 'evm', confirmations: number): FollowSettings => ({
  batch: BATCH[family],
  perRun: PER_RUN,
  budgetMs: BUDGET_MS,
  // Enough hashes to find any fork point a payment could still be waiting above.
  keep: Math.max(100, 2 * confirmations),
  confirmations,
});

/**
 * One follower run for `watched`: read to the tip, then credit what is confirmed. A node that is
 * down or answers garbage is recorded on the cursor (the admins' chain panel shows it) and the
 * next period tries again; nothing is credited from a failed read.
 */
/** What the chains' jobs work with. */
type ChainJobDeps = Pick<Deps, 'db' | 'chains' | 'config' | 'clock' | 'log' | 'jobs'>;

export async function runFollower(deps: ChainJobDeps, watched: WatchedChain): Promise<void> {
  try {
    const followed = await followChain(deps.db, watched.reader, followSettings(watched.family, watched.confirmations));
    const credits = await creditConfirmed(deps.db, watched, deps.chains.prices, { dustCents: deps.config.chain.dustCents, now: () => deps.clock.now() });
    const paidOut = await confirmPayouts(deps.db, watched.chain, watched.confirmations);
    if (paidOut) deps.log.info({ chain: watched.chain, payouts: paidOut }, 'payouts confirmed');
    if (followed.reorgs.length) deps.log.warn({ chain: watched.chain, reorgs: followed.reorgs }, 'chain reorganisation');
    if (followed.payments || credits.credited || credits.dust || credits.reversed) deps.log.info({ chain: watched.chain, ...followed, ...credits }, 'chain followed');
    if (credits.waiting.length) deps.log.warn({ chain: watched.chain, waiting: credits.waiting }, 'payments waiting for a price');
    if (followed.behind) await deps.jobs.send(followerJob(watched), {});
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error({ chain: watched.chain, err: error }, 'chain follower failed');
    await deps.db.query('UPDATE chain_cursors SET last_error = $2, last_error_at = now() WHERE chain = $1', [watched.chain, message.slice(0, 500)]);
  }
}

const followerJob = (watched: WatchedChain) => `chain-follow-${watched.chain}`;

/**
 * A follower per watched chain, every CHAIN_POLL_MS, one active at a time across every process
 * (pg-boss singleton); and, with any chain watched, the reserves job every
 * CHAIN_RESERVES_INTERVAL_MS (0: never).
 */
export function chainKinds(deps: ChainJobDeps): { kind: JobKind; everyMs: number }[] {
  const watchedChains = Object.values(deps.chains.watched);
  const followers = watchedChains.map((watched) => ({
    // A follower killed mid-run frees the singleton after its expiry (and pg-boss's next
    // maintenance); the next run goes on from the cursor. Two runs at once would still be safe:
    // each batch checks the cursor.
    kind: { ...periodicKind(followerJob(watched), deps.config.chain.followerExpireSeconds, () => runFollower(deps, watched)), policy: 'singleton' as const },
    everyMs: deps.config.chain.pollMs,
  }));
  const reserves = periodicKind('chain-reserves', 900, async () => {
    for (const watched of watchedChains) {
      try {
        const measured = await measureReserve(deps.db, watched);
        deps.log.info({ chain: watched.chain, units: measured.units.toString(), addresses: measured.addresses }, 'reserve measured');
      } catch (error) {
        deps.log.error({ chain: watched.chain, err: error }, 'reserve not measured');
      }
    }
  });
  return watchedChains.length ? [...followers, { kind: { ...reserves, policy: 'singleton' }, everyMs: deps.config.chain.reservesIntervalMs }] : followers;
}
