import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@halcyon/api-client/react';
import { investment, profile } from '../test/fixtures';
import { fail, page, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders, signIn } from '../test/render';
import InvestmentLog from './InvestmentLog';

let http: HttpStub;
beforeEach(() => signIn(profile()));
afterEach(() => http.restore());

const show = () => renderWithProviders(<InvestmentLog />, { route: '/user/investment-log' });

describe('Investment log', () => {
  it('shows a card per investment with number, id, network, gateway, asset, amount, date, status and end date', async () => {
    http = stubHttp({
      'GET /api/investment/all': page([
        investment({ id: 'INV-AAA111', asset: 'eth', method: 'ETH', amount: 1500, status: 'pending', createdAt: '2026-03-01T10:00:00.000Z', duration: 45, endDate: '2026-04-15T10:00:00.000Z' }),
      ]),
    });
    show();
    const card = await screen.findByRole('listitem');
    expect(within(card).getByRole('heading', { name: '#1' })).toBeInTheDocument();
    expect(within(card).getByLabelText('Status: pending')).toHaveTextContent(/pending/i);
    const facts = Object.fromEntries(within(card).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      'Transaction ID': 'INV-AAA111',
      Network: 'BEP-20',
      Gateway: 'Ethereum',
      Asset: 'ETH',
      Amount: '1,500.00 USD',
      Date: 'Mar 1, 2026, 10:00 AM',
      // The server's endDate (createdAt + 45 days), not recomputed by the screen
      'End date': 'Apr 15, 2026',
    });
  });

  it('searches by transaction id, case-insensitive substring, with the empty state', async () => {
    http = stubHttp({ 'GET /api/investment/all': page([investment({ id: 'INV-AAA111' }), investment({ id: 'inv-bbb222' })]) });
    const u = userEvent.setup();
    show();
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    await u.type(screen.getByLabelText('Search by transaction ID'), 'aaa1');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('INV-AAA111')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Search by transaction ID'));
    await u.type(screen.getByLabelText('Search by transaction ID'), 'BBB');
    expect(screen.getByText('inv-bbb222')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Search by transaction ID'), 'zzz');
    expect(screen.getByText('No investment transactions found.')).toBeInTheDocument();
  });

  it('shows the newest first, a page at a time: Load more adds the next with the server\'s cursor', async () => {
    http = stubHttp({
      'GET /api/investment/all': (request) => (request.query.get('cursor') === 'c2.sig' ? page([investment({ id: 'INV-OLD' })]) : page([investment({ id: 'INV-NEW' })], 'c2.sig')),
    });
    show();
    expect(await screen.findByText('INV-NEW')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('INV-OLD')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((card) => within(card).getByRole('heading').textContent)).toEqual(['#1', '#2']);
    expect(http.calls('GET /api/investment/all').map((r) => r.query.toString())).toEqual(['', 'cursor=c2.sig']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state without investments and the server\'s message on failure', async () => {
    http = stubHttp({ 'GET /api/investment/all': page([]) });
    const { unmount } = show();
    expect(await screen.findByText('No investment transactions found.')).toBeInTheDocument();
    unmount();
    queryClient.clear(); // a later visit with nothing cached
    http.on('GET /api/investment/all', fail(500, 'Investments are unavailable'));
    show();
    expect(await screen.findByText('Investments are unavailable')).toBeInTheDocument();
  });
});
