import type { FastifyInstance } from 'fastify';
import { sweepSecurityHistory } from '../auth/sessions';
import { sweepChallenges } from '../auth/webauthn';
import { sweepIdempotencyKeys } from '../ledger/idempotency';
import { sealLedger } from '../ledger/seals';
import { deliverMail, MAIL_JOB, type MailJob } from '../mail/outbox';
import type { Mailer } from '../mail/mailer';
import { chainKinds } from './chain-jobs';
import { runMaturity } from './maturity';
import { periodicKind } from './queue';
import { sweepUnreferencedUploads } from './uploads';

export { periodicKind } from './queue';

/** Investments settled per maturity job; a full batch queues the next one at once (catch-up). */
const MATURITY_BATCH = 1000;

/** The periodic kinds every process asks for (the harness runs their first jobs before a test starts). */
export const PERIODIC_JOBS = ['maturity', 'idempotency-sweep', 'history-sweep', 'ledger-seal', 'upload-sweep'] as const;

/**
 * The platform's background work on the job queue (docs/server.md "Jobs"); every kind is safe to
 * run in any process. The periodic ones are asked for by every process each period.
 */
export function registerJobs(app: FastifyInstance, mailTransport: Mailer | null): void {
  const { db, config, jobs, log, storage } = app;
  jobs.define(
    periodicKind('maturity', 300, async () => {
      const settled = await runMaturity(db, MATURITY_BATCH);
      if (settled.length) log.info({ job: 'maturity', settled: settled.length }, 'matured investments settled');
      if (settled.length === MATURITY_BATCH) await jobs.send('maturity', {});
    }),
  );
  jobs.define(
    periodicKind('idempotency-sweep', 300, async () => {
      await sweepIdempotencyKeys(db);
    }),
  );
  jobs.define(
    periodicKind('history-sweep', 300, async () => {
      await sweepSecurityHistory(db);
      await sweepChallenges(db);
    }),
  );
  jobs.define(
    periodicKind('ledger-seal', 300, async () => {
      await sealLedger(db);
    }),
  );
  jobs.define(
    periodicKind('upload-sweep', 900, async () => {
      const removed = await sweepUnreferencedUploads(db, storage, config.uploadGraceHours);
      if (removed.length) log.info({ job: 'uploads', removed: removed.length }, 'unreferenced uploads removed');
    }),
  );
  const chainJobs = chainKinds(app.deps);
  for (const { kind } of chainJobs) jobs.define(kind);
  if (mailTransport) {
    jobs.define<MailJob>({
      name: MAIL_JOB,
      retryLimit: config.jobs.mailRetryLimit,
      retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
      run: (job) => deliverMail(db, mailTransport, log, job.mailId),
    });
  }

  app.addHook('onReady', async () => {
    await jobs.start();
    await jobs.repeat('maturity', config.maturityIntervalMs);
    await jobs.repeat('idempotency-sweep', config.maturityIntervalMs);
    await jobs.repeat('history-sweep', config.maturityIntervalMs);
    await jobs.repeat('ledger-seal', config.ledgerSealIntervalMs);
    if (config.uploadSweepIntervalMs > 0) await jobs.repeat('upload-sweep', config.uploadSweepIntervalMs);
    for (const { kind, everyMs } of chainJobs) if (everyMs > 0) await jobs.repeat(kind.name, everyMs);
  });
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
}
