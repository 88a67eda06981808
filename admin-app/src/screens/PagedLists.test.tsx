import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { csv, fail, page, stubHttp, type HttpStub, type StubReply } from '@halcyon/api-client/testing';
import { ADMIN_TOKEN, renderWithProviders } from '../test/render';
import { deposit, plan, trader, userRow, withdrawal } from '../test/fixtures';
import { captureDownloads } from '../test/downloads';
import { byStatus } from '../test/lists';
import { findErrorToast } from '../test/toasts';
import AllUsersScreen from './AllUsersScreen';
import DepositHistoryScreen from './DepositHistoryScreen';
import PendingDepositsScreen from './PendingDepositsScreen';
import PendingWithdrawalsScreen from './PendingWithdrawalsScreen';
import PlansScreen from './PlansScreen';
import UpdateTradersScreen from './UpdateTradersScreen';

// Issue 10: every list is read from the server a page at a time, searched and sorted there, and
// exported there as CSV with the screen's filters.

let http: HttpStub;
afterEach(() => http.restore());

const jane = deposit({ id: 'd1', amount: 250 });
const bo = deposit({ id: 'd2', amount: 90, status: 'approved', user: { name: 'Bo Li', email: 'bo@example.com' } });
const cy = deposit({ id: 'd3', amount: 700, status: 'declined', user: { name: 'Cy Ng', email: 'cy@example.com' } });

const DEPOSITS = 'GET /api/admin/deposits/all';
const queries = (route: string) => http.calls(route).map((r) => r.query.toString());
const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('a paged list (Deposit History)', () => {
  it('shows the first page, and Load more appends the next one, asked for with the cursor the server returned', async () => {
    http = stubHttp({ [DEPOSITS]: (request) => (request.query.get('cursor') === 'c2.sig' ? page([cy]) : page([jane, bo], 'c2.sig')) });
    renderWithProviders(<DepositHistoryScreen />);
    expect(await screen.findByText('bo@example.com')).toBeInTheDocument();
    expect(names()).toEqual(['Jane Doe', 'Bo Li']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('cy@example.com')).toBeInTheDocument();
    expect(names()).toEqual(['Jane Doe', 'Bo Li', 'Cy Ng']);
    expect(queries(DEPOSITS)).toEqual(['', 'cursor=c2.sig']);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends the search once typing pauses, and aborts the request a newer search supersedes', async () => {
    const never = new Promise<StubReply>(() => undefined);
    http = stubHttp({ [DEPOSITS]: (request) => ({ ja: never, jane: page([jane]) })[request.query.get('q') ?? ''] ?? page([jane, bo]) });
    renderWithProviders(<DepositHistoryScreen />);
    await screen.findByText('bo@example.com');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'ja');
    await waitFor(() => expect(queries(DEPOSITS)).toEqual(['', 'q=ja']));
    const superseded = http.calls(DEPOSITS)[1];
    // The rows already shown stay while the search runs.
    expect(screen.getByText('bo@example.com')).toBeInTheDocument();
    expect(superseded?.signal.aborted).toBe(false);
    await userEvent.type(search, 'ne');
    await waitFor(() => expect(screen.queryByText('bo@example.com')).not.toBeInTheDocument());
    expect(names()).toEqual(['Jane Doe']);
    // One request per pause in typing, never one per key.
    expect(queries(DEPOSITS)).toEqual(['', 'q=ja', 'q=jane']);
    expect(superseded?.signal.aborted).toBe(true);
    expect(search).toHaveValue('jane');
  });

  it('sorts on the server from the column headers that have a server order', async () => {
    http = stubHttp({ [DEPOSITS]: page([jane, bo]) });
    renderWithProviders(<DepositHistoryScreen />);
    await screen.findByText('bo@example.com');
    expect(within(screen.getByRole('columnheader', { name: 'Status' })).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(queries(DEPOSITS)).toEqual(['', 'sort=amount']));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Date/ }));
    await waitFor(() => expect(queries(DEPOSITS)).toEqual(['', 'sort=amount', 'sort=oldest']));
  });
});

describe('a search too broad to sort by name (All Users)', () => {
  const TOO_MANY = 'q: matches more than 5,000 investors, too many to sort by name; narrow the search or sort by date';
  /** As shown: the search field named in words. */
  const SHOWN = 'Search: matches more than 5,000 investors, too many to sort by name; narrow the search or sort by date.';

  it("shows the server's message and keeps the table, so the admin can narrow the search or change the order", async () => {
    const ann = userRow({ uid: 'u1', id: 'u1', name: 'Grace Ann', email: 'ann@example.com' });
    http = stubHttp({
      'GET /api/admin/users': (request) =>
        request.query.get('sort') === 'name' && request.query.get('q') === 'grace' ? fail(400, TOO_MANY, 'VALIDATION') : page([ann]),
    });
    renderWithProviders(<AllUsersScreen />);
    await screen.findByText('ann@example.com');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(queries('GET /api/admin/users')).toEqual(['', 'q=grace']));
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(await screen.findByText(SHOWN)).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveValue('grace');
    await userEvent.type(search, ' ann');
    await waitFor(() => expect(screen.queryByText(SHOWN)).not.toBeInTheDocument());
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(queries('GET /api/admin/users').at(-1)).toBe('q=grace+ann&sort=name');
  });
});

describe('Export CSV', () => {
  it("downloads the server's CSV of the screen's list: its status filter and search, the admin token, the server's file name", async () => {
    const downloads = captureDownloads();
    http = stubHttp({ [DEPOSITS]: byStatus([jane, bo]), 'GET /api/admin/export/deposits': csv('id,amount\r\nd1,250\r\n', 'deposits-2026-11-30.csv') });
    renderWithProviders(<PendingDepositsScreen />);
    await screen.findByText('jane@example.com');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'jane');
    await waitFor(() => expect(queries(DEPOSITS)).toEqual(['status=pending', 'status=pending&q=jane']));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['deposits-2026-11-30.csv']));
    const [exported] = http.calls('GET /api/admin/export/deposits');
    expect(exported?.query.toString()).toBe('status=pending&q=jane');
    expect(exported?.headers.get('authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(await downloads.files[0]?.text()).toBe('id,amount\r\nd1,250\r\n');
  });

  it('exports what Pending Withdrawals shows: pending and processing', async () => {
    const downloads = captureDownloads();
    http = stubHttp({ 'GET /api/admin/withdrawals/all': page([withdrawal()]), 'GET /api/admin/export/withdrawals': csv('id\r\nw1\r\n', 'withdrawals-2026-11-30.csv') });
    renderWithProviders(<PendingWithdrawalsScreen />);
    await screen.findByText('0xabc');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['withdrawals-2026-11-30.csv']));
    expect(queries('GET /api/admin/export/withdrawals')).toEqual(['status=pending%2Cprocessing']);
  });

  it("shows the server's message when an export fails, and saves nothing", async () => {
    const downloads = captureDownloads();
    http = stubHttp({ [DEPOSITS]: page([jane]), 'GET /api/admin/export/deposits': fail(503, 'Exports are paused for maintenance', 'UNAVAILABLE') });
    renderWithProviders(<DepositHistoryScreen />);
    await screen.findByText('jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await findErrorToast('Exports are paused for maintenance');
    expect(downloads.names).toEqual([]);
  });
});

describe('card lists', () => {
  it('Plans: the server searches, and Load more adds the next page', async () => {
    http = stubHttp({
      'GET /api/plan/all': (request) =>
        request.query.get('q') === 'sil' ? page([plan({ id: 'p3', name: 'Silver' })]) : request.query.get('cursor') ? page([plan({ id: 'p2', name: 'Bronze' })]) : page([plan()], 'c2.sig'),
    });
    renderWithProviders(<PlansScreen />);
    expect(await screen.findByText('Gold')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Bronze')).toBeInTheDocument();
    expect(screen.getByText('Gold')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search plans' }), 'sil');
    expect(await screen.findByText('Silver')).toBeInTheDocument();
    expect(screen.queryByText('Gold')).not.toBeInTheDocument();
    expect(queries('GET /api/plan/all')).toEqual(['', 'cursor=c2.sig', 'q=sil']);
  });

  it("Update Traders counts what is loaded, with '+' while the server has more", async () => {
    http = stubHttp({ 'GET /api/copyTrade': (request) => (request.query.get('cursor') ? page([trader({ _id: 't2', name: 'Ann Beta' })]) : page([trader()], 'c2.sig')) });
    renderWithProviders(<UpdateTradersScreen />);
    expect(await screen.findByRole('tab', { name: /View All 1\+ traders/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /View All/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Ann Beta')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /View All 2 traders/ })).toBeInTheDocument();
  });
});
