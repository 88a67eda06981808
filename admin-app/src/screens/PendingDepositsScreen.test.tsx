import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TOKEN, renderWithProviders } from '../test/render';
import { deposit, depositPayment } from '../test/fixtures';
import { byStatus } from '../test/lists';
import { fail, networkError, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import PendingDepositsScreen from './PendingDepositsScreen';

let http: HttpStub;
afterEach(() => http.restore());

const rows = [deposit({ id: 'd1', amount: 250, method: 'bitcoin' }), deposit({ id: 'd2', method: 'solana', status: 'approved', user: { name: 'Old Approved', email: 'old@example.com' } })];

function setup() {
  http = stubHttp({ 'GET /api/admin/deposits/all': byStatus(rows) });
  renderWithProviders(<PendingDepositsScreen />, { route: '/admin/pending-deposit' });
}

const confirmDialog = () => screen.findByRole('dialog');

describe('PendingDepositsScreen', () => {
  it('a quote on a watched chain is the chain\'s to credit: no Approve; Decline only while nothing is paid', async () => {
    const quotes = [
      deposit({ id: 'q1', method: 'bitcoin', payment: depositPayment({ state: 'waiting', cryptoAmount: '0.00416667', coin: 'BTC' }) }),
      deposit({ id: 'q2', method: 'usdt', user: { name: 'Sam Paid', email: 'sam@example.com' }, payment: depositPayment({ state: 'seen', confirmations: 1, confirmationsRequired: 15, coin: 'USDT', network: 'bsc' }) }),
    ];
    http = stubHttp({ 'GET /api/admin/deposits/all': byStatus(quotes) });
    renderWithProviders(<PendingDepositsScreen />, { route: '/admin/pending-deposit' });
    const waiting = (await screen.findByText('Waiting for 0.00416667 BTC on the chain')).closest('tr') as HTMLElement;
    expect(within(waiting).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(waiting).getByRole('button', { name: 'Decline deposit q1' })).toBeInTheDocument();
    const seen = screen.getByText('Paid on the chain: 1 of 15 confirmations').closest('tr') as HTMLElement;
    expect(within(seen).queryByRole('button')).toBeNull();
  });

  it('asks the server for pending deposits only, and shows name, BTC label, dollars; the admin token', async () => {
    setup();
    const row = (await screen.findByText('jane@example.com')).closest('tr');
    expect(http.calls('GET /api/admin/deposits/all').map((r) => r.query.toString())).toEqual(['status=pending']);
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('BTC')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('$250.00')).toBeInTheDocument();
    expect(screen.queryByText('Old Approved')).not.toBeInTheDocument();
    expect(http.requests[0]?.headers.get('authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('approves with the deposit method after confirmation, toasts and refreshes', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve deposit d1' }));
    expect(http.mutations()).toHaveLength(0);
    http.on('PATCH /api/admin/deposits/:id/:method/approve', { body: { data: { ...rows[0], status: 'approved' } } });
    http.on('GET /api/admin/deposits/all', byStatus([{ ...rows[0]!, status: 'approved' }, rows[1]!]));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Approve' }));
    await findSuccessToast('Deposit approved successfully.');
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /api/admin/deposits/d1/bitcoin/approve']);
    expect(http.mutations()[0]?.headers.get('authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(await screen.findByText('No data available to display.')).toBeInTheDocument();
  });

  it('cancelling the confirmation sends nothing', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline deposit d1' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(http.mutations()).toHaveLength(0);
  });

  it('declines and shows the spec toasts, with the server message or the fallbacks on failure', async () => {
    setup();
    http.on('PATCH /api/admin/deposits/:id/decline', { body: { data: { ...rows[0], status: 'declined' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline deposit d1' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Decline' }));
    await findSuccessToast('Deposit declined successfully.');
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /api/admin/deposits/d1/decline']);

    http.on('PATCH /api/admin/deposits/:id/decline', networkError);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline deposit d1' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Decline' }));
    await findErrorToast('Decline failed.');

    http.on('PATCH /api/admin/deposits/:id/:method/approve', networkError);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve deposit d1' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Approve' }));
    await findErrorToast('Approval failed.');

    http.on('PATCH /api/admin/deposits/:id/:method/approve', fail(409, 'Deposit is no longer pending'));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve deposit d1' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Approve' }));
    await findErrorToast('Deposit is no longer pending');
  });

  it('shows the fetch failure with a retry', async () => {
    http = stubHttp({ 'GET /api/admin/deposits/all': networkError });
    renderWithProviders(<PendingDepositsScreen />);
    expect(await screen.findByText('Failed to fetch deposits.')).toBeInTheDocument();
    http.on('GET /api/admin/deposits/all', byStatus(rows));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('jane@example.com')).toBeInTheDocument();
  });
});
