import type { FailedJob, JobsOverview } from '@halcyon/api-client/model';
import { useApiMutation, useApiQuery } from '@halcyon/api-client/react';
import { Button, Table } from '@halcyon/shared-ui';
import { ReadState, withToasts } from '@halcyon/app-kit';
import { Screen } from '../lib/Screen';

type QueueRow = JobsOverview['queues'][number];

/** What each queue does, in an operator's words (server/src/jobs/index.ts). */
const QUEUE_LABELS: Record<string, string> = {
  mail: 'Emails',
  maturity: 'Investment maturity',
  'ledger-seal': 'Ledger seals',
  'idempotency-sweep': 'Expired request keys',
  'history-sweep': 'Old sign-ins and sessions',
  'upload-sweep': 'Unused uploads',
};
const labelOf = (queue: string) => QUEUE_LABELS[queue] ?? queue;

/**
 * The platform's background work (docs/server.md "Jobs"): what waits, runs and failed per queue,
 * and the jobs that used up their retries, which an admin can send again once the cause is fixed.
 */
export default function BackgroundJobsScreen() {
  const jobs = useApiQuery('listJobs', undefined, { select: (res) => res.data });
  const retry = useApiMutation('retryJob', { invalidates: ['listJobs'] });

  const queueColumns = [
    { key: 'queue', header: 'Queue', render: (q: QueueRow) => labelOf(q.queue) },
    { key: 'waiting', header: 'Waiting' },
    { key: 'active', header: 'Running' },
    { key: 'failed', header: 'Failed' },
    { key: 'completed', header: 'Done (last hour)' },
  ];
  const failedColumns = [
    { key: 'queue', header: 'Queue', sortable: true, render: (j: FailedJob) => labelOf(j.queue) },
    { key: 'error', header: 'Error' },
    { key: 'retryCount', header: 'Retries' },
    { key: 'createdAt', header: 'Queued', kind: 'date' as const, sortable: true },
    { key: 'failedAt', header: 'Failed', kind: 'date' as const, sortable: true },
    {
      key: 'actions',
      header: 'Actions',
      render: (j: FailedJob) => (
        <Button
          size="small"
          variant="secondary"
          aria-label={`Retry ${labelOf(j.queue)} job ${j.id}`}
          disabled={retry.isPending}
          onClick={() =>
            void withToasts({ success: 'Job queued again.', failure: 'Failed to retry the job.' }, () => retry.mutateAsync({ input: { params: { queue: j.queue, id: j.id } } }))
          }
        >
          Retry
        </Button>
      ),
    },
  ];

  return (
    <Screen
      title="Background Jobs"
      actions={
        <div>
          <Button variant="secondary" loading={jobs.isFetching} disabled={jobs.isFetching} onClick={() => void jobs.refetch()}>
            Refresh
          </Button>
        </div>
      }
    >
      <p>
        Emails, investment maturity and ledger upkeep run in the background, once each whichever server process picks them up. A job that
        keeps failing stops after its retries and waits here until you send it again.
      </p>
      <ReadState query={jobs} fallback="Failed to fetch background jobs." loading="Loading background jobs">
        {(data) => (
          <>
            <Table caption="Queues" showCaption columns={queueColumns} rows={data.queues} getRowKey={(q: QueueRow) => q.queue} />
            <Table
              caption="Failed jobs"
              showCaption
              columns={failedColumns}
              rows={data.failed}
              getRowKey={(j: FailedJob) => j.id}
              emptyMessage="No failed jobs."
              pageSize={10}
            />
          </>
        )}
      </ReadState>
    </Screen>
  );
}
