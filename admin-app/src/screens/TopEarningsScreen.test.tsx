import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { earning, investment } from '../test/fixtures';
import { networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import TopEarningsScreen from './TopEarningsScreen';

let http: HttpStub;
afterEach(() => http.restore());

const rows = [
  investment({ id: 'i1', uid: 'u1', plan_id: 'p1', earnings: 40, name: 'Jane Doe' }),
  investment({ id: 'i2', uid: 'u2', plan_id: 'p2', plan_name: 'Silver', earnings: 900, name: 'Rich Roe', email: 'rich@example.com' }),
  investment({ id: 'i3', status: 'pending', name: 'Pending Pam', email: 'pam@example.com' }),
];

async function openManage(name = 'Jane Doe', plan = 'Gold') {
  await userEvent.click(await screen.findByRole('button', { name: `Manage earnings of ${name} (${plan})` }));
  return screen.findByRole('dialog', { name: `Manage earnings: ${name}` });
}

describe('TopEarningsScreen', () => {
  beforeEach(() => {
    http = stubHttp({ 'GET /api/admin/investments/all': page(rows) });
  });

  it('asks the server for earning investments, highest net earnings first, and shows them in that order', async () => {
    http.on('GET /api/admin/investments/all', page([rows[1], rows[0]]));
    renderWithProviders(<TopEarningsScreen />);
    const table = await screen.findByRole('table');
    const names = within(table).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');
    expect(names[0]).toContain('Rich Roe');
    expect(names[1]).toContain('Jane Doe');
    const [request] = http.calls('GET /api/admin/investments/all');
    expect([request?.query.get('sort'), request?.query.get('status')]).toEqual(['earnings', 'approved,processing,ended']);
    // The fixed order shows on its column.
    expect(within(table).getByRole('columnheader', { name: /Earnings/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it("refuses an empty or non-positive amount with 'Please enter a valid amount.' and sends nothing", async () => {
    renderWithProviders(<TopEarningsScreen />);
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await findErrorToast('Please enter a valid amount.');
    for (const typed of ['0', '10.005']) {
      await userEvent.clear(within(dialog).getByLabelText(/Amount/));
      await userEvent.type(within(dialog).getByLabelText(/Amount/), typed);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
      expect(screen.queryByRole('dialog', { name: 'Credit earnings' })).not.toBeInTheDocument();
    }
    expect(http.mutations()).toHaveLength(0);
  });

  it('credits after confirmation with amount, plan, investment and reason, then refreshes', async () => {
    http.on('POST /api/admin/earnings/:uid', { status: 201, body: { data: earning() } });
    renderWithProviders(<TopEarningsScreen />);
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '25.5');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Monthly return');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Credit earnings' });
    expect(confirm).toHaveTextContent('Credit $25.50 to the earnings of Jane Doe (Gold)?');
    expect(http.mutations()).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Credit' }));
    await findSuccessToast('Earnings credited successfully!');
    const [sent] = http.mutations();
    expect(`${sent?.method} ${sent?.path}`).toBe('POST /api/admin/earnings/u1');
    expect(sent?.body).toEqual({ amount: 25.5, plan_id: 'p1', investment_id: 'i1', reason: 'Monthly return' });
    expect(sent?.headers.get('idempotency-key')).toBeTruthy();
    expect(http.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deducts through /admin/earnings/deduct/{uid}; failure shows the server message or a fallback', async () => {
    http.on('POST /api/admin/earnings/deduct/:uid', { status: 422, body: { message: 'Earnings cannot go below zero', code: 'INSUFFICIENT' } });
    renderWithProviders(<TopEarningsScreen />);
    let dialog = await openManage('Rich Roe', 'Silver');
    await userEvent.selectOptions(within(dialog).getByLabelText('Action'), 'deduct');
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deduct' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Deduct earnings' })).getByRole('button', { name: 'Deduct' }));
    await findErrorToast('Earnings cannot go below zero');
    expect(http.mutations()[0]?.path).toBe('/api/admin/earnings/deduct/u2');

    http.on('POST /api/admin/earnings/deduct/:uid', { status: 201, body: { data: earning({ kind: 'deduct', amount: -10 }) } });
    dialog = await screen.findByRole('dialog', { name: 'Manage earnings: Rich Roe' });
    await userEvent.clear(within(dialog).getByLabelText(/Amount/));
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deduct' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Deduct earnings' })).getByRole('button', { name: 'Deduct' }));
    await findSuccessToast('Earnings deducted successfully!');
    expect(http.mutations()[1]?.body).toEqual({ amount: 10, plan_id: 'p2', investment_id: 'i2' });

    http.on('POST /api/admin/earnings/:uid', networkError);
    dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Credit earnings' })).getByRole('button', { name: 'Credit' }));
    await findErrorToast('Failed to credit earnings.');
  });
});
