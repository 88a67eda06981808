import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { withdrawal } from '../test/fixtures';
import { byStatus } from '../test/lists';
import { networkError, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import PendingWithdrawalsScreen from './PendingWithdrawalsScreen';

let http: HttpStub;
afterEach(() => http.restore());

const rows = [
  withdrawal({ id: 'w1', status: 'pending' }),
  withdrawal({ id: 'w2', status: 'processing', user: { name: 'Pat Proc', email: 'pat@example.com' } }),
  withdrawal({ id: 'w3', status: 'approved', user: { name: 'Done Dan', email: 'dan@example.com' } }),
];

async function act(button: string, confirm: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));
}

describe('PendingWithdrawalsScreen', () => {
  beforeEach(() => {
    http = stubHttp({ 'GET /api/admin/withdrawals/all': byStatus(rows) });
  });

  it('asks the server for pending and processing withdrawals and lists them with their address', async () => {
    renderWithProviders(<PendingWithdrawalsScreen />);
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(http.calls('GET /api/admin/withdrawals/all').map((r) => r.query.get('status'))).toEqual(['pending,processing']);
    expect(screen.getByText('Pat Proc')).toBeInTheDocument();
    expect(screen.queryByText('Done Dan')).not.toBeInTheDocument();
    expect(screen.getAllByText('0xabc')).toHaveLength(2);
    expect(screen.getAllByText('ETH').length).toBeGreaterThan(0);
    // Already processing: that button is off.
    expect(screen.getByRole('button', { name: 'Processing withdrawal w2' })).toBeDisabled();
  });

  it.each([
    ['Approve', 'approve', 'Withdrawal approved successfully.'],
    ['Decline', 'decline', 'Withdrawal declined successfully.'],
    ['Processing', 'processing', 'Withdrawal processed successfully.'],
  ])('%s sends PATCH …/%s after confirmation and toasts', async (label, segment, message) => {
    http.on(`PATCH /api/admin/withdrawals/:id/${segment}`, { body: { data: rows[0] } });
    renderWithProviders(<PendingWithdrawalsScreen />);
    await act(`${label} withdrawal w1`, label);
    await findSuccessToast(message);
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /api/admin/withdrawals/w1/${segment}`]);
    // The list was fetched again to show the new state.
    expect(http.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it("shows 'Failed to process Withdrawals' when an action fails without a server message", async () => {
    http.on('PATCH /api/admin/withdrawals/:id/approve', networkError);
    renderWithProviders(<PendingWithdrawalsScreen />);
    await act('Approve withdrawal w1', 'Approve');
    await findErrorToast('Failed to process Withdrawals');
  });

  it("shows 'Failed to fetch withdrawals.' when the list cannot load", async () => {
    http.on('GET /api/admin/withdrawals/all', networkError);
    renderWithProviders(<PendingWithdrawalsScreen />);
    expect(await screen.findByText('Failed to fetch withdrawals.')).toBeInTheDocument();
  });
});
