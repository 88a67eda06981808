import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient, queryKey } from '@halcyon/api-client/react';
import { deposit, profile, wallet } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { currentPath, renderWithProviders, signIn } from '../test/render';
import PaymentInfo from './PaymentInfo';

let http: HttpStub;
const select = (value: unknown) => localStorage.setItem('selectedAsset', JSON.stringify(value));

beforeEach(() => {
  signIn(profile());
  http = stubHttp({ 'GET /api/wallet-address': ok([wallet()]) });
  select({ name: 'Ethereum', abbr: 'eth', otheAbbr: 'ETH', amount: 250.5 });
});
afterEach(() => http.restore());

const show = () => renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });

describe('Payment information', () => {
  it('shows the gateway, QR code (200) and text of the platform address for the asset, amount, charge and the BEP-20 note', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Payment information' })).toBeInTheDocument();
    expect(screen.getByText('Ethereum', { selector: 'strong' })).toBeInTheDocument();
    expect(await screen.findByText('0xplatformeth')).toBeInTheDocument();
    const qr = await screen.findByTestId('address-qr');
    expect(qr).toHaveAttribute('width', '200');
    expect(qr).toHaveAttribute('height', '200');
    expect(screen.getByText('250.50 USD')).toBeInTheDocument();
    expect(screen.getByText('0.00 USD')).toBeInTheDocument();
    expect(screen.getByText(/BEP-20 \(Binance Smart Chain\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('copies the address', async () => {
    const u = userEvent.setup();
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    show();
    await screen.findByText('0xplatformeth');
    await u.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Address copied successfully!')).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith('0xplatformeth');
  });

  it('says so when the record has no address for the asset, and Copy has nothing to copy', async () => {
    http.on('GET /api/wallet-address', ok([wallet({ ethereum: '' })]));
    const u = userEvent.setup();
    show();
    expect(await screen.findByText('Invalid or missing wallet address')).toBeInTheDocument();
    expect(screen.getByText('No address available')).toBeInTheDocument();
    expect(screen.queryByTestId('address-qr')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('No address to copy.')).toBeInTheDocument();
  });

  it('reports a failed address load with the server\'s message', async () => {
    http.on('GET /api/wallet-address', fail(503, 'Address book offline'));
    show();
    expect((await screen.findAllByText('Address book offline')).length).toBeGreaterThan(0);
  });

  it('falls back to "Failed to load wallet addresses" when the server cannot be reached', async () => {
    http.on('GET /api/wallet-address', () => Promise.reject(new TypeError('fetch failed')));
    show();
    expect((await screen.findAllByText('Failed to load wallet addresses')).length).toBeGreaterThan(0);
  });

  it.each([
    ['without a stored selection', () => localStorage.removeItem('selectedAsset')],
    // Storage edited by hand: the shared amount rule refuses it.
    ['with a stored amount under a cent', () => select({ name: 'Ethereum', abbr: 'eth', otheAbbr: 'ETH', amount: 1e-9 })],
  ])('refuses to confirm %s', async (_case, store) => {
    store();
    const u = userEvent.setup();
    show();
    await screen.findByText('Invalid or missing wallet address');
    await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Invalid payment details.')).toBeInTheDocument();
    expect(http.calls('POST /api/deposit')).toHaveLength(0);
  });

  it('Confirm Payment sends method, amount and from, is disabled while processing, then goes to /user/main after 5 s', async () => {
    jest.useFakeTimers();
    try {
      let release: () => void = () => undefined;
      http.on('POST /api/deposit', () => new Promise((resolve) => (release = () => resolve(ok(deposit(), 'Deposit requested')))));
      queryClient.setQueryData(queryKey('getTransactions'), { data: [] });
      const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      show();
      await screen.findByText('0xplatformeth');
      await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeDisabled());
      await waitFor(() => expect(http.calls('POST /api/deposit')).toHaveLength(1));
      act(() => release());
      expect(await screen.findByText('Deposit initiated successfully!')).toBeInTheDocument();
      expect(http.calls('POST /api/deposit').map((r) => r.body)).toEqual([{ method: 'ethereum', amount: 250.5, from: 'u-1' }]);
      // The history (and the profile) are read again where they are shown next.
      expect(queryClient.getQueryState(queryKey('getTransactions'))?.isInvalidated).toBe(true);
      expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeDisabled();
      act(() => void jest.advanceTimersByTime(4999));
      expect(currentPath()).toBe('/user/payment-info');
      act(() => void jest.advanceTimersByTime(1));
      expect(currentPath()).toBe('/user/main');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the server\'s message when the deposit fails and stays', async () => {
    http.on('POST /api/deposit', fail(400, 'amount: must have at most 2 decimals'));
    const u = userEvent.setup();
    show();
    await screen.findByText('0xplatformeth');
    await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('amount: must have at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled();
    // The server refused that intent for good (a 4xx it keeps under the key): confirming again is
    // a new attempt, judged afresh, so it carries a new Idempotency-Key.
    await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() => expect(http.calls('POST /api/deposit')).toHaveLength(2));
    const [first, again] = http.calls('POST /api/deposit').map((r) => r.headers.get('idempotency-key'));
    expect(first).toBeTruthy();
    expect(again).not.toBe(first);
  });

  it('falls back to "Deposit failed. Please try again." on a network error', async () => {
    http.on('POST /api/deposit', () => Promise.reject(new TypeError('fetch failed')));
    const u = userEvent.setup();
    show();
    await screen.findByText('0xplatformeth');
    await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Deposit failed. Please try again.')).toBeInTheDocument();
  });

  it('after a lost answer and a reload of the page, confirming the same deposit sends the same Idempotency-Key', async () => {
    http.on('POST /api/deposit', () => Promise.reject(new TypeError('fetch failed')));
    const u = userEvent.setup();
    const first = show();
    await screen.findByText('0xplatformeth');
    await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Deposit failed. Please try again.')).toBeInTheDocument();
    first.unmount(); // the reload: the screen and its state are gone, sessionStorage stays
    show();
    await screen.findByText('0xplatformeth');
    await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() => expect(http.calls('POST /api/deposit')).toHaveLength(2));
    const [before, after] = http.calls('POST /api/deposit').map((r) => r.headers.get('idempotency-key'));
    expect(before).toBeTruthy();
    expect(after).toBe(before);
  });
});
