import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { wallet } from '../test/fixtures';
import { networkError, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import UpdateWalletsScreen from './UpdateWalletsScreen';

let http: HttpStub;
afterEach(() => http.restore());

const LABELS = ['Bitcoin address', 'Ethereum address', 'Solana address', 'USDT address'];

async function save() {
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
}

describe('UpdateWalletsScreen', () => {
  it('is read-only until Edit; Cancel restores the saved values', async () => {
    http = stubHttp({ 'GET /api/wallet-address': ok([wallet()]) });
    renderWithProviders(<UpdateWalletsScreen />);
    const bitcoin = await screen.findByLabelText('Bitcoin address');
    expect(bitcoin).toHaveValue('bc1-old');
    for (const label of LABELS) expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(http.requests[0]?.headers.get('authorization')).toBe('Bearer admin-test-token');

    const edit = screen.getByRole('button', { name: 'Edit' });
    await userEvent.click(edit);
    expect(bitcoin).not.toHaveAttribute('readonly');
    // A fresh <button>: if React reused this one as the submit button, browsers would submit on this very click.
    expect(edit).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.clear(bitcoin);
    await userEvent.type(bitcoin, 'bc1-typo');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Bitcoin address')).toHaveValue('bc1-old');
    expect(screen.getByLabelText('Bitcoin address')).toHaveAttribute('readonly');
    expect(http.mutations()).toHaveLength(0);
  });

  it('PATCHes the existing record by _id with all four addresses', async () => {
    http = stubHttp({ 'GET /api/wallet-address': ok([wallet()]), 'PATCH /api/wallet-address/update/:id': { body: { data: wallet({ bitcoin: 'bc1-new' }) } } });
    renderWithProviders(<UpdateWalletsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Bitcoin address'));
    await userEvent.type(screen.getByLabelText('Bitcoin address'), 'bc1-new');
    http.on('GET /api/wallet-address', ok([wallet({ bitcoin: 'bc1-new' })]));
    await save();
    await findSuccessToast('Wallet addresses updated!');
    const [sent] = http.mutations();
    expect(`${sent?.method} ${sent?.path}`).toBe('PATCH /api/wallet-address/update/wa1');
    expect(sent?.body).toEqual({ bitcoin: 'bc1-new', ethereum: '0x-old', sol: 'sol-old', usdt: 'usdt-old' });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Bitcoin address')).toHaveValue('bc1-new');
  });

  it("POSTs a new record when none exists; 'Update failed.' on failure", async () => {
    http = stubHttp({ 'GET /api/wallet-address': ok([]), 'POST /api/wallet-address': networkError });
    renderWithProviders(<UpdateWalletsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    for (const [i, label] of LABELS.entries()) await userEvent.type(screen.getByLabelText(label), `addr-${i}`);
    await save();
    await findErrorToast('Update failed.');
    const [sent] = http.mutations();
    expect(`${sent?.method} ${sent?.path}`).toBe('POST /api/wallet-address');
    expect(sent?.body).toEqual({ bitcoin: 'addr-0', ethereum: 'addr-1', sol: 'addr-2', usdt: 'addr-3' });
    // Still editing, nothing lost.
    expect(screen.getByLabelText('USDT address')).toHaveValue('addr-3');
  });

  it("shows 'Failed to fetch wallet addresses.'", async () => {
    http = stubHttp({ 'GET /api/wallet-address': networkError });
    renderWithProviders(<UpdateWalletsScreen />);
    expect(await screen.findByText('Failed to fetch wallet addresses.')).toBeInTheDocument();
  });
});
