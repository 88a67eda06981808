import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { investment } from '../test/fixtures';
import { networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import ActiveInvestmentsScreen from './ActiveInvestmentsScreen';
import InvestmentsScreen from './InvestmentsScreen';
import PendingInvestmentsScreen from './PendingInvestmentsScreen';
import ProcessingInvestmentsScreen from './ProcessingInvestmentsScreen';

let http: HttpStub;
afterEach(() => http.restore());

const row = investment({ id: 'i1', amount: 1000, plan_name: 'Gold', earnings: 40 });
const BUTTON = (label: string) => `${label} investment of Jane Doe ($1,000.00)`;

async function act(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: BUTTON(label) }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: label }));
}

describe('investment screens', () => {
  beforeEach(() => {
    http = stubHttp({ 'GET /api/admin/investments/all': page([row]) });
  });

  it('all investments: plan, amount, start, end date, earnings, status; no actions; no status filter', async () => {
    renderWithProviders(<InvestmentsScreen />);
    const table = await screen.findByRole('table');
    for (const header of ['Plan', 'Amount', 'Start', 'End Date', 'Earnings', 'Status']) expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(within(table).getByText('Gold')).toBeInTheDocument();
    expect(within(table).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(table).getByText('$40.00')).toBeInTheDocument();
    expect(within(table).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(table).getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /investment of/ })).not.toBeInTheDocument();
    expect(http.requests[0]?.query.get('status')).toBeNull();
  });

  it('active: asks for approved ones; Stop ends it, Processing moves it', async () => {
    http.on('PATCH /api/admin/investments/:id/end', { body: { data: row } }).on('PATCH /api/admin/investments/:id/processing', { body: { data: row } });
    renderWithProviders(<ActiveInvestmentsScreen />);
    await act('Stop');
    await findSuccessToast('Investment stopped successfully.');
    await act('Processing');
    await findSuccessToast('Investment processed successfully.');
    expect(http.requests[0]?.query.get('status')).toBe('approved');
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /api/admin/investments/i1/end', 'PATCH /api/admin/investments/i1/processing']);
  });

  it('active: failure toasts', async () => {
    http.on('PATCH /api/admin/investments/:id/end', networkError).on('PATCH /api/admin/investments/:id/processing', networkError);
    renderWithProviders(<ActiveInvestmentsScreen />);
    await act('Stop');
    await findErrorToast('Failed to stop investment');
    await act('Processing');
    await findErrorToast('Failed to process investment.');
  });

  it('pending: asks for pending ones; Approve and Processing', async () => {
    http.on('PATCH /api/admin/investments/:id/approve', networkError).on('PATCH /api/admin/investments/:id/processing', { body: { data: row } });
    renderWithProviders(<PendingInvestmentsScreen />);
    await act('Approve');
    await findErrorToast('Failed to approve investment.');
    http.on('PATCH /api/admin/investments/:id/approve', { body: { data: row } });
    await act('Approve');
    await findSuccessToast('Investment approved successfully.');
    await act('Processing');
    await findSuccessToast('Investment processed successfully.');
    expect(http.requests[0]?.query.get('status')).toBe('pending');
    expect(http.mutations().map((r) => r.path)).toEqual(['/api/admin/investments/i1/approve', '/api/admin/investments/i1/approve', '/api/admin/investments/i1/processing']);
  });

  it('processing: asks for processing ones and offers Approve only', async () => {
    http.on('PATCH /api/admin/investments/:id/approve', { body: { data: row } });
    renderWithProviders(<ProcessingInvestmentsScreen />);
    expect(await screen.findByRole('button', { name: BUTTON('Approve') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BUTTON('Stop') })).not.toBeInTheDocument();
    await act('Approve');
    await findSuccessToast('Investment approved successfully.');
    expect(http.requests[0]?.query.get('status')).toBe('processing');
  });

  it("shows 'Failed to fetch investments.'", async () => {
    http.on('GET /api/admin/investments/all', networkError);
    renderWithProviders(<InvestmentsScreen />);
    expect(await screen.findByText('Failed to fetch investments.')).toBeInTheDocument();
  });
});
