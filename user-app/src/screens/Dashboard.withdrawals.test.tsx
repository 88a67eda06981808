import { screen, waitFor, within } from '@testing-library/react';
import { ok, page, stubHttp, type HttpStub, type RecordedRequest } from '@halcyon/api-client/testing';
import { profile, transaction } from '../test/fixtures';
import { cacheProfile, renderWithProviders, signIn } from '../test/render';
import Dashboard from './Dashboard';

// Issue 29 item 2: the investor's withdrawals in progress on the dashboard, with when each was
// requested and where it stands (waiting for a decision, or approved and still being paid).

let http: HttpStub;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const payout = { network: 'bitcoin' as const, coin: 'BTC', cryptoAmount: '0.0021', txid: 'ab12cd34', confirmations: 1, confirmationsRequired: 3, explorerUrl: null };

beforeEach(() => {
  cacheProfile(signIn(profile()));
  http = stubHttp({ 'GET /api/user/profile': ok(profile()) });
});
afterEach(() => http.restore());

/** The withdrawals the server counts as in progress (open=true), as it answers the dashboard's one request. */
const inProgress = (rows: ReturnType<typeof transaction>[]) => (request: RecordedRequest) =>
  page(request.query.get('type') === 'withdraw' && request.query.get('open') === 'true' ? rows : []);

test('lists the withdrawals in progress in one request, newest first, with when each was requested and its state', async () => {
  http.on(
    'GET /api/transaction/all',
    inProgress([
      transaction({ id: 'w-1', type: 'withdraw', source: 'withdrawal', method: 'usdt', amount: 1950, status: 'pending', createdAt: minutesAgo(2) }),
      transaction({ id: 'w-3', type: 'withdraw', source: 'withdrawal', method: 'bitcoin', amount: 150, status: 'approved', createdAt: minutesAgo(30), payout: { ...payout, state: 'sent' } }),
      transaction({ id: 'w-2', type: 'withdraw', source: 'withdrawal', method: 'bank', amount: 300, status: 'processing', createdAt: minutesAgo(90) }),
    ]),
  );
  renderWithProviders(<Dashboard />);
  const section = within(await screen.findByRole('region', { name: 'Withdrawals in progress' }));
  const items = section.getAllByRole('listitem');
  expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['$1,950.00 USDT', '$150.00 Bitcoin', '$300.00 Bank']);
  expect(items[0]).toHaveTextContent('USDT · 2 min ago');
  expect(items[0]).toHaveTextContent(/pending/i);
  expect(items[1]).toHaveTextContent('Bitcoin · 30 min ago');
  expect(items[1]).toHaveTextContent('1 of 3 confirmations');
  expect(items[2]).toHaveTextContent('Bank · 1 h ago');
  expect(items[2]).toHaveTextContent(/processing/i);
  expect(section.queryByText('See all in Transactions')).not.toBeInTheDocument();
  const asked = http.calls('GET /api/transaction/all').filter((r) => r.query.get('type') === 'withdraw');
  expect(asked.map((r) => Object.fromEntries(r.query))).toEqual([{ origin: 'request', type: 'withdraw', open: 'true', limit: '5' }]);
});

test('links to Transactions when more are in progress than it shows', async () => {
  http.on('GET /api/transaction/all', (request: RecordedRequest) =>
    request.query.get('open') === 'true'
      ? page([1, 2, 3, 4, 5].map((n) => transaction({ id: `w-${n}`, type: 'withdraw', method: 'usdt', status: 'pending', createdAt: minutesAgo(n) })), 'next-page')
      : page([]),
  );
  renderWithProviders(<Dashboard />);
  const section = within(await screen.findByRole('region', { name: 'Withdrawals in progress' }));
  expect(section.getAllByRole('listitem')).toHaveLength(5);
  expect(section.getByRole('link', { name: 'See all in Transactions' })).toHaveAttribute('href', '/user/transactions');
});

test('shows nothing when no withdrawal is in progress', async () => {
  http.on('GET /api/transaction/all', inProgress([]));
  renderWithProviders(<Dashboard />);
  await waitFor(() => expect(http.calls('GET /api/transaction/all').length).toBeGreaterThanOrEqual(2));
  expect(await screen.findByText('Crypto Investment Made Easy.')).toBeInTheDocument();
  expect(screen.queryByText('Withdrawals in progress')).not.toBeInTheDocument();
});
