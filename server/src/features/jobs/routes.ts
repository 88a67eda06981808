import { defineRoute, feature } from '../../http/define-route';
import { jobsOverview, retryFailedJob } from '../../services/jobs';

// The job queue for admins (services/jobs.ts).
export default feature(
  defineRoute('listJobs', async ({ deps }) => ({ data: await jobsOverview(deps) })),
  defineRoute('retryJob', async ({ params, deps, auth }) => {
    await retryFailedJob(deps, params.queue, params.id, auth.uid);
    return { message: 'The job will run again shortly.' };
  }),
);
