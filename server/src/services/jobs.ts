import type { JobsOverview } from '@halcyon/api-client/contract';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { iso, isoOrNull } from '../ledger/rows';

// The job queue for admins (docs/server.md "Jobs"): what waits, runs and failed, and a retry.

/** Failed jobs shown at most (newest first); older ones stay in the queue's tables. */
const FAILED_SHOWN = 100;

export async function jobsOverview({ jobs }: Pick<Deps, 'jobs'>): Promise<JobsOverview> {
  const [queues, failed] = await Promise.all([jobs.counts(), jobs.failed(FAILED_SHOWN)]);
  return { queues, failed: failed.map((j) => ({ ...j, createdAt: iso(j.createdAt), failedAt: isoOrNull(j.failedAt) })) };
}

/** Sends a failed job again, logged with the admin who did; 404 when that queue has no such failed job. */
export async function retryFailedJob({ jobs, log }: Pick<Deps, 'jobs' | 'log'>, queue: string, id: string, adminUid: string): Promise<void> {
  if (!(await jobs.retry(queue, id))) throw notFound('No failed job with that id in that queue');
  log.info({ job: queue, jobId: id, by: adminUid }, 'failed job sent again');
}
