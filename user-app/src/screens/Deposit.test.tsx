import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../test/fixtures';
import { ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { currentPath, renderWithProviders, signIn } from '../test/render';
import Deposit from './Deposit';

let http: HttpStub;
beforeEach(() => {
  signIn(profile());
  http = stubHttp({ 'GET /api/user/profile': ok(profile()) });
});
afterEach(() => http.restore());

const openFund = async (asset: string) => {
  const u = userEvent.setup();
  renderWithProviders(<Deposit />, { route: '/user/deposit' });
  const item = await screen.findByRole('listitem', { name: asset });
  await u.click(within(item).getByRole('button', { name: 'Fund' }));
  return { u, dialog: screen.getByRole('dialog') };
};

describe('Deposit', () => {
  it('lists the four assets with a Fund button each', async () => {
    renderWithProviders(<Deposit />, { route: '/user/deposit' });
    for (const name of ['Bitcoin', 'USDT', 'Ethereum', 'Solana']) {
      expect(within(await screen.findByRole('listitem', { name })).getByRole('button', { name: 'Fund' })).toBeInTheDocument();
    }
    expect(http.calls('GET /api/user/profile')).toHaveLength(1);
  });

  it('asks for an amount', async () => {
    const { u, dialog } = await openFund('Ethereum');
    await u.click(within(dialog).getByRole('button', { name: 'Deposit now' }));
    expect(await screen.findByText('Please enter an amount.')).toBeInTheDocument();
    expect(localStorage.getItem('selectedAsset')).toBeNull();
    expect(currentPath()).toBe('/user/deposit');
  });

  it('refuses an amount that is not whole cents (the shared amount rule) rather than rounding it', async () => {
    const { u, dialog } = await openFund('Solana');
    await u.type(within(dialog).getByLabelText('Amount (USD)'), '250.755');
    await u.click(within(dialog).getByRole('button', { name: 'Deposit now' }));
    expect(await screen.findByText('Please enter an amount.')).toBeInTheDocument();
    expect(localStorage.getItem('selectedAsset')).toBeNull();
    expect(currentPath()).toBe('/user/deposit');
  });

  it('Close clears the modal', async () => {
    const { u, dialog } = await openFund('Bitcoin');
    await u.type(within(dialog).getByLabelText('Amount (USD)'), '40');
    await u.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Bitcoin' });
    await u.click(within(item).getByRole('button', { name: 'Fund' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Amount (USD)')).toHaveValue(null);
  });

  it('stores the selected asset with its amount and goes to payment information', async () => {
    const { u, dialog } = await openFund('Solana');
    await u.type(within(dialog).getByLabelText('Amount (USD)'), '1,250.75');
    await u.click(within(dialog).getByRole('button', { name: 'Deposit now' }));
    expect(currentPath()).toBe('/user/payment-info');
    expect(JSON.parse(localStorage.getItem('selectedAsset') ?? 'null')).toEqual({ name: 'Solana', abbr: 'sol', otheAbbr: 'SOL', amount: 1250.75 });
  });
});
