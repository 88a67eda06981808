import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { investment, plan, profile } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub, page } from '@halcyon/api-client/testing';
import { renderWithProviders, signIn } from '../test/render';
import Invest from './Invest';

let http: HttpStub;
const plans = [
  plan({ id: 'p-public', name: 'Starter', minAmount: 100, maxAmount: 1000, uid: null }),
  plan({ id: 'p-mine', name: 'Private gold', minAmount: 500, maxAmount: 5000, uid: 'u-1' }),
  plan({ id: 'p-other', name: 'Someone else', uid: 'u-2' }),
];

beforeEach(() => {
  signIn(profile());
  http = stubHttp({ 'GET /api/user/profile': ok(profile()), 'GET /api/plan/all': page(plans) });
});
afterEach(() => http.restore());

const openInvest = async (asset = 'Bitcoin') => {
  const u = userEvent.setup();
  renderWithProviders(<Invest />, { route: '/user/invest' });
  const item = await screen.findByRole('listitem', { name: asset });
  await waitFor(() => expect(http.calls('GET /api/plan/all')).toHaveLength(1));
  await u.click(within(item).getByRole('button', { name: 'Invest' }));
  const dialog = screen.getByRole('dialog');
  await within(dialog).findByRole('combobox', { name: 'Plan' });
  return { u, dialog: within(dialog) };
};

describe('Invest', () => {
  it('shows "Fetching plans..." while the plans load', async () => {
    let release: () => void = () => undefined;
    http.on('GET /api/plan/all', () => new Promise((resolve) => (release = () => resolve(page(plans)))));
    renderWithProviders(<Invest />, { route: '/user/invest' });
    expect(await screen.findByText('Fetching plans...')).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(screen.queryByText('Fetching plans...')).not.toBeInTheDocument());
  });

  it('offers the plans GET /plan/all answers with, as sent: the server already picked the investor\'s (public and own)', async () => {
    const { dialog } = await openInvest();
    const options = within(dialog.getByRole('combobox', { name: 'Plan' }) as HTMLElement).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Select a plan', expect.stringContaining('Starter'), expect.stringContaining('Private gold'), expect.stringContaining('Someone else')]);
  });

  it('offers the first page of plans, and the next ones on Load more', async () => {
    http.on('GET /api/plan/all', (request) => (request.query.get('cursor') === 'c2.sig' ? page([plans[2]]) : page(plans.slice(0, 2), 'c2.sig')));
    const { u, dialog } = await openInvest();
    const options = () => within(dialog.getByRole('combobox', { name: 'Plan' }) as HTMLElement).getAllByRole('option').map((o) => o.textContent);
    expect(options()).toHaveLength(3);
    await u.click(dialog.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(options()).toEqual(['Select a plan', expect.stringContaining('Starter'), expect.stringContaining('Private gold'), expect.stringContaining('Someone else')]));
    expect(http.calls('GET /api/plan/all').map((r) => r.query.toString())).toEqual(['', 'cursor=c2.sig']);
    expect(dialog.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('requires a plan and a valid amount', async () => {
    const { u, dialog } = await openInvest();
    await u.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await screen.findByText('Please select an asset, plan, and enter a valid amount.')).toBeInTheDocument();
    expect(http.calls('POST /api/investment')).toHaveLength(0);
  });

  it('refuses an amount that is not whole cents (the shared amount rule) rather than rounding it', async () => {
    const { u, dialog } = await openInvest();
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Plan' }), 'p-public');
    await u.type(dialog.getByLabelText('Amount (USD)'), '150.005');
    await u.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await screen.findByText('Please select an asset, plan, and enter a valid amount.')).toBeInTheDocument();
    expect(http.calls('POST /api/investment')).toHaveLength(0);
  });

  it('checks the plan\'s range', async () => {
    const { u, dialog } = await openInvest();
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Plan' }), 'p-public');
    expect(dialog.getByText('Between $100.00 and $1,000.00, 10% after 30 days')).toBeInTheDocument();
    await u.type(dialog.getByLabelText('Amount (USD)'), '5000');
    await u.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await screen.findByText('Amount must be between 100 and 1000.')).toBeInTheDocument();
    expect(http.calls('POST /api/investment')).toHaveLength(0);
  });

  it('sends plan_id, amount and method, then closes the modal', async () => {
    http.on('POST /api/investment', ok(investment({ id: 'inv-1' }), 'Investment created'));
    const { u, dialog } = await openInvest('Ethereum');
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Plan' }), 'p-mine');
    await u.type(dialog.getByLabelText('Amount (USD)'), '750.5');
    await u.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await screen.findByText('Investment successful!')).toBeInTheDocument();
    expect(http.calls('POST /api/investment').map((r) => r.body)).toEqual([{ plan_id: 'p-mine', amount: 750.5, method: 'ETH' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the loading toast, then the server\'s message on failure', async () => {
    let release: () => void = () => undefined;
    http.on('POST /api/investment', () => new Promise((resolve) => (release = () => resolve(fail(422, 'Insufficient balance')))));
    const { u, dialog } = await openInvest();
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Plan' }), 'p-public');
    await u.type(dialog.getByLabelText('Amount (USD)'), '100');
    await u.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await screen.findByText('Please wait while your investment is going through...')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('falls back to "Failed to fetch plans." without a server message', async () => {
    http.on('GET /api/plan/all', () => Promise.reject(new TypeError('fetch failed')));
    renderWithProviders(<Invest />, { route: '/user/invest' });
    expect(await screen.findByText('Failed to fetch plans.')).toBeInTheDocument();
  });

  it('falls back to "Failed to invest." without a server message', async () => {
    http.on('POST /api/investment', () => Promise.reject(new TypeError('fetch failed')));
    const { u, dialog } = await openInvest();
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Plan' }), 'p-public');
    await u.type(dialog.getByLabelText('Amount (USD)'), '100');
    await u.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await screen.findByText('Failed to invest.')).toBeInTheDocument();
  });

  it('closing clears the amount and plan', async () => {
    const { u, dialog } = await openInvest();
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Plan' }), 'p-public');
    await u.type(dialog.getByLabelText('Amount (USD)'), '300');
    await u.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await u.click(within(screen.getByRole('listitem', { name: 'Bitcoin' })).getByRole('button', { name: 'Invest' }));
    const again = within(screen.getByRole('dialog'));
    expect(again.getByRole('combobox', { name: 'Plan' })).toHaveValue('');
    expect(again.getByLabelText('Amount (USD)')).toHaveValue(null);
  });
});
