import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, stubHttp, type HttpStub, type StubHandler, type StubReply } from '@halcyon/api-client/testing';
import { deposit, payment, profile, transaction } from '../test/fixtures';
import { cacheProfile, renderWithProviders, signIn } from '../test/render';
import Dashboard from './Dashboard';

// Issue 26: the investor's pending deposits on the dashboard, a quoted one with Open back to its
// Payment information (/user/payment-info?deposit=<id>).

let http: HttpStub;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeEach(() => {
  cacheProfile(signIn(profile()));
  http = stubHttp({ 'GET /api/user/profile': ok(profile()) });
});
afterEach(() => http.restore());

const section = () => screen.getByRole('region', { name: 'Deposits in progress' });
/** The deposits' list only (the dashboard also lists withdrawals in progress, empty here). */
const deposits = (reply: StubReply): StubHandler => (request) => (request.query.get('type') === 'deposit' ? reply : page([]));
const depositCalls = () => http.calls('GET /api/transaction/all').filter((r) => r.query.get('type') === 'deposit');

describe('Dashboard: deposits in progress', () => {
  it('lists each pending deposit with its amount, asset and when it was requested; a quoted one links Open to its payment information', async () => {
    http
      .on('GET /api/transaction/all', deposits(page([
        transaction({ id: 'd-btc', method: 'bitcoin', amount: 1234567.5, status: 'pending', createdAt: minutesAgo(5) }),
        transaction({ id: 'd-sol', method: 'solana', amount: 80, status: 'pending', createdAt: minutesAgo(3 * 60) }),
        transaction({ id: 'd-eth', method: 'ethereum', amount: 40, status: 'pending', createdAt: '2026-03-02T10:00:00.000Z' }),
      ])))
      .on('GET /api/deposit/:id', (_request, { id }) =>
        id === 'd-btc' ? ok(deposit({ id: 'd-btc', method: 'bitcoin', amount: 1234567.5, payment: payment() })) : ok(deposit({ id: String(id), payment: null })));
    renderWithProviders(<Dashboard />);

    const list = within(await screen.findByRole('region', { name: 'Deposits in progress' }));
    expect(depositCalls().map((r) => r.query.toString())).toEqual(['origin=request&type=deposit&open=true&limit=5']);
    const btc = list.getByRole('listitem', { name: '$1,234,567.50 Bitcoin' });
    expect(btc).toHaveTextContent('$1,234,567.50');
    expect(btc).toHaveTextContent('Bitcoin · 5 min ago');
    const open = await within(btc).findByRole('link', { name: 'Open the $1,234,567.50 Bitcoin deposit' });
    expect(open).toHaveTextContent(/^Open$/);
    expect(open).toHaveAttribute('href', '/user/payment-info?deposit=d-btc');
    expect(btc).toHaveTextContent('Awaiting payment');

    expect(list.getByRole('listitem', { name: '$80.00 Solana' })).toHaveTextContent('Solana · 3 h ago');
    const eth = list.getByRole('listitem', { name: '$40.00 Ethereum' });
    expect(eth).toHaveTextContent('Ethereum · Mar 2, 2026');
    expect(within(eth).getByText('Mar 2, 2026')).toHaveAttribute('dateTime', '2026-03-02T10:00:00.000Z');

    // Only deposits on a watched chain are read for a quote; one without a quote has no Open.
    await waitFor(() => expect(http.calls('GET /api/deposit/:id').map((r) => r.path).sort()).toEqual(['/api/deposit/d-btc', '/api/deposit/d-eth']));
    expect(within(eth).queryByRole('link')).not.toBeInTheDocument();
    expect(list.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'See all in Transactions' })).not.toBeInTheDocument();
  });

  it('shows nothing when there is no pending deposit (no empty card)', async () => {
    http.on('GET /api/transaction/all', page([]));
    renderWithProviders(<Dashboard />);
    await waitFor(() => expect(depositCalls()).toHaveLength(1));
    expect(await screen.findByText('Crypto Investment Made Easy.')).toBeInTheDocument();
    expect(screen.queryByText('Deposits in progress')).not.toBeInTheDocument();
    expect(http.calls('GET /api/deposit/:id')).toHaveLength(0);
  });

  it('shows nothing when the list cannot be read; the rest of the dashboard stays', async () => {
    http.on('GET /api/transaction/all', fail(500, 'History is unavailable'));
    renderWithProviders(<Dashboard />);
    await waitFor(() => expect(depositCalls()).toHaveLength(1));
    expect(screen.queryByText('Deposits in progress')).not.toBeInTheDocument();
    expect(screen.queryByText('History is unavailable')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Assets' })).toBeInTheDocument();
  });

  it('a quote that failed to read shows the deposit without Open; more than a few link to Transactions', async () => {
    http
      .on('GET /api/transaction/all', deposits(page([transaction({ id: 'd-1', method: 'usdt', amount: 25, status: 'pending', createdAt: minutesAgo(0) })], 'next.sig')))
      .on('GET /api/deposit/:id', fail(404, 'Deposit not found'));
    renderWithProviders(<Dashboard />);
    await waitFor(() => expect(http.calls('GET /api/deposit/:id')).toHaveLength(1));
    expect(within(section()).getByRole('listitem', { name: '$25.00 USDT' })).toHaveTextContent('USDT · just now');
    expect(within(section()).queryByRole('link', { name: /^Open/ })).not.toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: 'See all in Transactions' })).toHaveAttribute('href', '/user/transactions');
  });
});
