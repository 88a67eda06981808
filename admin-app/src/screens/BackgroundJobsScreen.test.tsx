import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../test/render';
import { failedJob, jobsOverview } from '../test/fixtures';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import BackgroundJobsScreen from './BackgroundJobsScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('BackgroundJobsScreen', () => {
  it('shows each queue in plain words and says when nothing failed', async () => {
    http = stubHttp({ 'GET /api/admin/jobs': ok(jobsOverview()) });
    renderWithProviders(<BackgroundJobsScreen />);
    const queues = await screen.findByRole('table', { name: 'Queues' });
    expect(within(queues).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Old sign-ins and sessions', 'Expired request keys', 'Ledger seals', 'Emails', 'Investment maturity', 'Unused uploads',
    ]);
    expect(within(screen.getByRole('table', { name: 'Failed jobs' })).getByText('No failed jobs.')).toBeInTheDocument();
  });

  it('retries a failed job and shows the refreshed list; a refused retry shows the server message', async () => {
    const job = failedJob();
    http = stubHttp({ 'GET /api/admin/jobs': ok(jobsOverview([job])), [`POST /api/admin/jobs/mail/${job.id}/retry`]: fail(404, 'No failed job with that id in that queue', 'NOT_FOUND') });
    renderWithProviders(<BackgroundJobsScreen />);
    const failed = await screen.findByRole('table', { name: 'Failed jobs' });
    expect(within(failed).getByText('421 mail server unavailable')).toBeInTheDocument();
    const retry = within(failed).getByRole('button', { name: `Retry Emails job ${job.id}` });
    await userEvent.click(retry);
    await findErrorToast('No failed job with that id in that queue');

    http.on(`POST /api/admin/jobs/mail/${job.id}/retry`, ok(undefined, 'The job will run again shortly.')).on('GET /api/admin/jobs', ok(jobsOverview()));
    await userEvent.click(within(screen.getByRole('table', { name: 'Failed jobs' })).getByRole('button', { name: `Retry Emails job ${job.id}` }));
    await findSuccessToast('Job queued again.');
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/admin/jobs/mail/${job.id}/retry`, `POST /api/admin/jobs/mail/${job.id}/retry`]);
  });
});
