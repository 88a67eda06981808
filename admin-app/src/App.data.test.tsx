import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@halcyon/api-client/react';
import { renderWithProviders } from './test/render';
import { deposit, investment, solvency, userRow } from './test/fixtures';
import { byStatus } from './test/lists';
import { networkError, ok, stubHttp, type HttpStub, type StubReply, page } from '@halcyon/api-client/testing';
import App from './App';

// The admin screens on the one query cache (issue 14): shared reads, invalidation after a change,
// rows kept during a refetch, and the spec's fallback when a read fails.

let http: HttpStub;
afterEach(() => http.restore());

const pending = deposit({ id: 'd1', status: 'pending' });
const approved = deposit({ id: 'd2', status: 'approved', user: { name: 'Bo Li', email: 'bo@example.com' } });

const gets = (path: string) => http.requests.filter((r) => r.method === 'GET' && r.path === path).length;

/** jsdom matches no media query: the sidebar opens from the Menu button. */
async function go(label: string) {
  const menu = screen.getByRole('button', { name: 'Menu' });
  if (menu.getAttribute('aria-expanded') !== 'true') await userEvent.click(menu);
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: label }));
}

/** A reply the test releases when it wants, to look at the screen while the request is in flight. */
function held(reply: StubReply) {
  let release = () => undefined as void;
  const answer = new Promise<StubReply>((resolve) => {
    release = () => resolve(reply);
  });
  return { answer, release: () => release() };
}

describe('admin reads through the shared query cache', () => {
  beforeEach(() => {
    http = stubHttp({
      'GET /api/admin/deposits/all': byStatus([pending, approved]),
      'GET /api/admin/solvency': ok(solvency()),
      'GET /api/admin/users': page([userRow()]),
    });
  });

  it('requests each list once when switching between screens within staleTime; screens with one query share it', async () => {
    renderWithProviders(<App />, { route: '/admin/pending-deposit' });
    expect(await screen.findByRole('table', { name: 'Pending deposits' })).toBeInTheDocument();
    await go('Deposit History');
    const history = await screen.findByRole('table', { name: 'Deposit history' });
    expect(within(history).getByText('Bo Li')).toBeInTheDocument();
    await go('Pending Deposits');
    expect(await screen.findByRole('table', { name: 'Pending deposits' })).toBeInTheDocument();
    // Pending asks the server for its status, the history for everything: one request each.
    expect(http.calls('GET /api/admin/deposits/all').map((r) => r.query.toString())).toEqual(['status=pending', '']);

    await go('All Users');
    expect(await screen.findByRole('table', { name: 'All users' })).toBeInTheDocument();
    await go('Overview');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(gets('/api/admin/users')).toBe(1);
  });

  it("a confirmed action invalidates its list's pages (refetched at once, or on the next visit) and the overview's reads", async () => {
    renderWithProviders(<App />, { route: '/admin/overview' });
    expect(await screen.findByRole('heading', { name: 'Total Deposit' })).toBeInTheDocument();
    await go('Deposit History');
    expect(await screen.findByRole('table', { name: 'Deposit history' })).toBeInTheDocument();
    await go('Pending Deposits');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve deposit d1' }));
    http.on('PATCH /api/admin/deposits/:id/:method/approve', { body: { data: { ...pending, status: 'approved' } } });
    http.on('GET /api/admin/deposits/all', byStatus([{ ...pending, status: 'approved' }, approved]));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Deposit approved successfully.')).toBeInTheDocument();
    expect(await screen.findByText('No data available to display.')).toBeInTheDocument();
    expect(gets('/api/admin/deposits/all')).toBe(3);
    expect([gets('/api/admin/solvency'), gets('/api/admin/users')]).toEqual([1, 1]);

    await go('Overview');
    await waitFor(() => expect([gets('/api/admin/solvency'), gets('/api/admin/users')]).toEqual([2, 2]));
    // The history, not on screen at the approval, was marked stale: it reads again when shown.
    await go('Deposit History');
    expect(await screen.findByRole('table', { name: 'Deposit history' })).toBeInTheDocument();
    await waitFor(() => expect(gets('/api/admin/deposits/all')).toBe(4));
  });

  it('keeps the rows on screen while a refetch runs, and under the error when it fails', async () => {
    renderWithProviders(<App />, { route: '/admin/deposit-history' });
    const table = await screen.findByRole('table', { name: 'Deposit history' });
    const reply = held(networkError);
    http.on('GET /api/admin/deposits/all', () => reply.answer);
    act(() => {
      void queryClient.invalidateQueries();
    });
    await waitFor(() => expect(gets('/api/admin/deposits/all')).toBe(2));
    expect(within(table).getByText('Bo Li')).toBeInTheDocument();
    expect(screen.queryByText('Loading deposits')).not.toBeInTheDocument();

    reply.release();
    expect(await screen.findByText('Failed to fetch deposits.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Deposit history' })).getByText('Bo Li')).toBeInTheDocument();
  });

  it("shows the spec's fallback when a read fails without a server message, and Try again reads again", async () => {
    http.on('GET /api/admin/deposits/all', networkError);
    renderWithProviders(<App />, { route: '/admin/pending-deposit' });
    expect(await screen.findByText('Failed to fetch deposits.')).toBeInTheDocument();
    http.on('GET /api/admin/deposits/all', page([pending]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Approve deposit d1' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch deposits.')).not.toBeInTheDocument();
  });

  it('cancels a read when its screen is left before the answer, and the next screen asks for its own filter', async () => {
    http.on('GET /api/admin/investments/all', (request) => (request.query.get('status') === 'approved' ? new Promise(() => undefined) : page([investment({ status: 'pending' })])));
    renderWithProviders(<App />, { route: '/admin/active-investment' });
    await waitFor(() => expect(http.calls('GET /api/admin/investments/all')).toHaveLength(1));
    const [active] = http.calls('GET /api/admin/investments/all');
    expect(active?.signal.aborted).toBe(false);
    await go('Pending Investments');
    expect(await screen.findByRole('button', { name: /^Approve investment of Jane Doe/ })).toBeInTheDocument();
    expect(active?.signal.aborted).toBe(true);
    expect(http.calls('GET /api/admin/investments/all').map((r) => r.query.get('status'))).toEqual(['approved', 'pending']);
  });
});
