import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/types';
import { sweepIdempotencyKeys } from '../ledger/idempotency';
import { runMaturity } from './maturity';
import { every, type Periodic } from './scheduler';

/**
 * The ledger's background work, at start and every `intervalMs` (MATURITY_INTERVAL_MS):
 * settle matured investments, then drop expired Idempotency-Keys. Safe with many processes.
 */
function startLedgerJobs(db: Db, log: FastifyBaseLogger, intervalMs: number): Periodic {
  return every(
    intervalMs,
    async () => {
      const settled = await runMaturity(db);
      if (settled.length) log.info({ job: 'maturity', settled: settled.length }, 'matured investments settled');
      await sweepIdempotencyKeys(db);
    },
    (error) => log.error({ job: 'maturity', err: error }, 'ledger job failed'),
  );
}

/** Starts the ledger jobs when the app is ready and stops them (waiting for a run) when it closes. */
export function registerLedgerJobs(app: FastifyInstance): void {
  let jobs: Periodic | undefined;
  app.addHook('onReady', async () => {
    jobs = startLedgerJobs(app.db, app.log, app.config.maturityIntervalMs);
  });
  app.addHook('preClose', async () => {
    await jobs?.stop();
  });
}
