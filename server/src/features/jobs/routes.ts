import { defineRoute, feature } from '../../http/define-route';
import { notFound } from '../../errors';
import { iso, isoOrNull } from '../../ledger/rows';

/** Failed jobs shown at most (newest first); older ones stay in the queue's tables. */
const FAILED_SHOWN = 100;

// The job queue for admins (docs/server.md "Jobs"): what waits, runs and failed, and a retry.
export default feature(
  defineRoute('listJobs', async ({ deps: { jobs } }) => {
    const [queues, failed] = await Promise.all([jobs.counts(), jobs.failed(FAILED_SHOWN)]);
    return { data: { queues, failed: failed.map((j) => ({ ...j, createdAt: iso(j.createdAt), failedAt: isoOrNull(j.failedAt) })) } };
  }),
  defineRoute('retryJob', async ({ params, deps, log, auth }) => {
    if (!(await deps.jobs.retry(params.queue, params.id))) throw notFound('No failed job with that id in that queue');
    log.info({ job: params.queue, jobId: params.id, by: auth.uid }, 'failed job sent again');
    return { message: 'The job will run again shortly.' };
  }),
);
