import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile, transaction } from '../test/fixtures';
import { csv, fail, page, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders, signIn } from '../test/render';
import Transactions from './Transactions';

let http: HttpStub;
beforeEach(() => signIn(profile()));
afterEach(() => http.restore());

const show = () => renderWithProviders(<Transactions />, { route: '/user/transactions' });

describe('Transactions', () => {
  it("asks for the investor's requests only (origin=request: no earn entries, no transfers) and lists Method, Type, Amount, Date, Status in the server's order; no date while pending", async () => {
    http = stubHttp({
      'GET /api/transaction/all': page([
        transaction({ id: 't-wd', type: 'withdraw', method: 'bank', amount: 40, status: 'pending', createdAt: '2026-03-05T10:00:00.000Z' }),
        transaction({ id: 't-dep', type: 'deposit', method: 'bitcoin', amount: 250, status: 'approved', createdAt: '2026-03-02T10:00:00.000Z' }),
      ]),
    });
    show();
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Method', 'Type', 'Amount', 'Date', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [wd, dep] = rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(wd).toEqual(['BANK', 'Withdraw', '$40.00', '', expect.stringMatching(/pending/i)]);
    expect(dep).toEqual(['BTC', 'Deposit', '$250.00', 'Mar 2, 2026', expect.stringMatching(/approved/i)]);
    expect(http.calls('GET /api/transaction/all').map((r) => r.query.toString())).toEqual(['origin=request']);
  });

  it('a deposit credited from the chain shows its short transaction id under its status, linking the explorer in a new tab; plain text without one', async () => {
    const txid = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d9f8e7d';
    http = stubHttp({
      'GET /api/transaction/all': page([
        transaction({ id: 't-chain', type: 'deposit', method: 'bitcoin', status: 'approved', txid, explorerUrl: `https://mempool.example/tx/${txid}` }),
        transaction({ id: 't-bsc', type: 'deposit', method: 'usdt', status: 'approved', txid: '0xfeedbeef00112233445566778899aabbccddeeff', explorerUrl: null }),
        transaction({ id: 't-manual', type: 'deposit', method: 'solana', status: 'approved' }),
      ]),
    });
    show();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Method', 'Type', 'Amount', 'Date', 'Status']);
    const [chain, bsc, manual] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];
    const link = within(chain).getByRole('link', { name: /^a1b2c3d4…9f8e7d/ });
    expect(link).toHaveTextContent('a1b2c3d4…9f8e7d');
    expect(link).toHaveAttribute('href', `https://mempool.example/tx/${txid}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(chain).getByTitle(txid)).toBeInTheDocument();
    expect(within(chain).getAllByRole('cell')[4]).toHaveTextContent(/approved/i);
    expect(within(bsc).queryByRole('link')).not.toBeInTheDocument();
    expect(within(bsc).getByTitle('0xfeedbeef00112233445566778899aabbccddeeff')).toHaveTextContent('0xfeedbe…ddeeff');
    expect(within(manual).getAllByRole('cell')[4]?.textContent).toMatch(/^approved$/i);
  });

  it('a withdrawal paid on the chain shows its payout: queued, sent with its transaction and confirmations, complete, delayed', async () => {
    const txid = '0x7d5b1c2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f80';
    const payout = { network: 'ethereum', coin: 'ETH', cryptoAmount: '0.1', txid: null, confirmations: 0, confirmationsRequired: 12, explorerUrl: null } as const;
    http = stubHttp({
      'GET /api/transaction/all': page([
        transaction({ id: 'w-queued', type: 'withdraw', method: 'ethereum', status: 'approved', payout: { ...payout, state: 'queued' } }),
        transaction({ id: 'w-sent', type: 'withdraw', method: 'ethereum', status: 'approved', txid, explorerUrl: `https://etherscan.example/tx/${txid}`, payout: { ...payout, state: 'sent', txid, confirmations: 4, explorerUrl: `https://etherscan.example/tx/${txid}` } }),
        transaction({ id: 'w-done', type: 'withdraw', method: 'ethereum', status: 'approved', txid, payout: { ...payout, state: 'complete', txid, confirmations: 15 } }),
        transaction({ id: 'w-delayed', type: 'withdraw', method: 'ethereum', status: 'approved', payout: { ...payout, state: 'delayed' } }),
      ]),
    });
    show();
    const table = await screen.findByRole('table');
    const [queued, sent, done, delayed] = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[4] as HTMLElement);
    expect(queued).toHaveTextContent(/approved.*Sending 0\.1 ETH: queued/i);
    expect(sent).toHaveTextContent(/Sent 0\.1 ETH, tx 0x7d5b1c…6e7f80.*4 of 12 confirmations/);
    expect(within(sent as HTMLElement).getByRole('link', { name: /^0x7d5b1c…6e7f80/ })).toHaveAttribute('href', `https://etherscan.example/tx/${txid}`);
    expect(done).toHaveTextContent(/Sent 0\.1 ETH.*Complete/);
    expect(done).not.toHaveTextContent(/confirmations/);
    expect(delayed).toHaveTextContent(/delayed, our team is on it/);
  });

  it('shows the empty table message', async () => {
    http = stubHttp({ 'GET /api/transaction/all': page([]) });
    show();
    expect(await screen.findByText('No data available to display.')).toBeInTheDocument();
  });

  it('Load more appends the next page, asked for with the cursor the server returned', async () => {
    http = stubHttp({
      'GET /api/transaction/all': (request) =>
        request.query.get('cursor') === 'c2.sig' ? page([transaction({ id: 't-old', amount: 7 })]) : page([transaction({ id: 't-new', amount: 250 })], 'c2.sig'),
    });
    show();
    await screen.findByText('$250.00');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('$7.00')).toBeInTheDocument();
    expect(screen.getByText('$250.00')).toBeInTheDocument();
    expect(http.calls('GET /api/transaction/all').map((r) => r.query.toString())).toEqual(['origin=request', 'origin=request&cursor=c2.sig']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('Export CSV downloads the whole history as the server writes it, with the same filter and the investor token', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    http = stubHttp({ 'GET /api/transaction/all': page([transaction()]), 'GET /api/user/export/transactions': csv('id\r\nx1\r\n', 'transactions-2026-11-30.csv') });
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['transactions-2026-11-30.csv']));
    const [request] = http.calls('GET /api/user/export/transactions');
    expect(request?.query.toString()).toBe('origin=request');
    expect(request?.headers.get('authorization')).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('shows the server\'s message on failure', async () => {
    http = stubHttp({ 'GET /api/transaction/all': fail(500, 'History is unavailable') });
    show();
    expect(await screen.findByText('History is unavailable')).toBeInTheDocument();
  });

  it('cancels its read when the screen is left before the answer comes', async () => {
    http = stubHttp({ 'GET /api/transaction/all': () => new Promise(() => undefined) });
    const { unmount } = show();
    await waitFor(() => expect(http.requests).toHaveLength(1));
    expect(http.requests[0]?.signal.aborted).toBe(false);
    unmount();
    expect(http.requests[0]?.signal.aborted).toBe(true);
  });
});
