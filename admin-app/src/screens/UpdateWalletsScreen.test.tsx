import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { wallet } from '../test/fixtures';
import { fail, networkError, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
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

  describe('extended public keys (issue 26)', () => {
    // BIP84's test vector (account 0) and a BIP44 account key: the shapes the contract takes.
    const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    const EVM = 'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
    const BTC_LABEL = 'Bitcoin xpub (BIP84)';
    const EVM_LABEL = "EVM xpub (m/44'/60'/0', Ethereum and BEP-20)";

    it("are prefilled from the admin's read, read-only until Edit, with what a key does", async () => {
      http = stubHttp({ 'GET /api/wallet-address': ok([wallet({ bitcoinXpub: ZPUB, evmXpub: null })]) });
      renderWithProviders(<UpdateWalletsScreen />);
      expect(await screen.findByLabelText(BTC_LABEL)).toHaveValue(ZPUB);
      expect(screen.getByLabelText(EVM_LABEL)).toHaveValue('');
      expect(screen.getByLabelText(EVM_LABEL)).toHaveAttribute('placeholder', 'Not set');
      for (const label of [BTC_LABEL, EVM_LABEL]) expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
      const group = screen.getByRole('group', { name: "Investors' own addresses (optional)" });
      expect(group).toHaveAccessibleDescription(/each investor gets their own deposit address on that chain and their deposits are credited from the chain/);
      expect(screen.getByLabelText(EVM_LABEL)).toHaveAccessibleDescription(/Ethereum and BEP-20 USDT addresses/);
    });

    it('PATCHes a typed key trimmed and an emptied one as null, beside the four addresses', async () => {
      http = stubHttp({ 'GET /api/wallet-address': ok([wallet({ bitcoinXpub: ZPUB, evmXpub: null })]), 'PATCH /api/wallet-address/update/:id': ok(wallet()) });
      renderWithProviders(<UpdateWalletsScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      await userEvent.clear(screen.getByLabelText(BTC_LABEL));
      await userEvent.type(screen.getByLabelText(EVM_LABEL), `  ${EVM} `);
      await save();
      await findSuccessToast('Wallet addresses updated!');
      expect(http.mutations().map((r) => r.body)).toEqual([{ bitcoin: 'bc1-old', ethereum: '0x-old', sol: 'sol-old', usdt: 'usdt-old', bitcoinXpub: null, evmXpub: EVM }]);
    });

    it('sends a key kept as it is', async () => {
      http = stubHttp({ 'GET /api/wallet-address': ok([wallet({ bitcoinXpub: ZPUB, evmXpub: EVM })]), 'PATCH /api/wallet-address/update/:id': ok(wallet()) });
      renderWithProviders(<UpdateWalletsScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      await save();
      await findSuccessToast('Wallet addresses updated!');
      expect(http.mutations()[0]?.body).toMatchObject({ bitcoinXpub: ZPUB, evmXpub: EVM });
    });

    it('POSTs a first record with a key typed; an empty key of a record never read is left out', async () => {
      http = stubHttp({ 'GET /api/wallet-address': ok([]), 'POST /api/wallet-address': { status: 201, body: { data: wallet() } } });
      renderWithProviders(<UpdateWalletsScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      for (const [i, label] of LABELS.entries()) await userEvent.type(screen.getByLabelText(label), `addr-${i}`);
      await userEvent.type(screen.getByLabelText(BTC_LABEL), ZPUB);
      await save();
      await findSuccessToast('Wallet addresses updated!');
      expect(http.mutations().map((r) => r.body)).toEqual([{ bitcoin: 'addr-0', ethereum: 'addr-1', sol: 'addr-2', usdt: 'addr-3', bitcoinXpub: ZPUB }]);
    });

    it("shows the server's 400 naming the bad key, and stays in the form", async () => {
      const message = 'bitcoinXpub: not a mainnet BIP84 account key (zpub) for this network';
      http = stubHttp({ 'GET /api/wallet-address': ok([wallet({ bitcoinXpub: null, evmXpub: null })]), 'PATCH /api/wallet-address/update/:id': fail(400, message, 'VALIDATION') });
      renderWithProviders(<UpdateWalletsScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      await userEvent.type(screen.getByLabelText(BTC_LABEL), ZPUB);
      await save();
      await findErrorToast('Bitcoin xpub: not a mainnet BIP84 account key (zpub) for this network.');
      expect(screen.getByLabelText(BTC_LABEL)).toHaveValue(ZPUB);
      expect(screen.getByLabelText(BTC_LABEL)).not.toHaveAttribute('readonly');
    });

    it('stops a private key before it is sent', async () => {
      http = stubHttp({ 'GET /api/wallet-address': ok([wallet({ bitcoinXpub: null, evmXpub: null })]) });
      renderWithProviders(<UpdateWalletsScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const field = screen.getByLabelText(EVM_LABEL);
      await userEvent.type(field, `xprv${EVM.slice(4)}`);
      expect(field).toHaveAccessibleDescription(/This is a private key: never share it/);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(field).toHaveFocus();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(http.mutations()).toHaveLength(0);
    });
  });
});
