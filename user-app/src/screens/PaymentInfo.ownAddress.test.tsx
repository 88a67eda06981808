import type { SVGProps } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Deposit, DepositPayment } from '@halcyon/api-client/model';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { deposit, payment, profile, wallet } from '../test/fixtures';
import { currentPath, currentSearch, renderWithProviders, signIn } from '../test/render';
import PaymentInfo from './PaymentInfo';

jest.mock('qrcode.react', () => ({
  QRCodeSVG: ({ value, title }: { value: string; title: string } & SVGProps<SVGSVGElement>) => <svg data-testid="address-qr" data-value={value} aria-label={title} role="img" />,
}));

// Issue 26: on a chain where investors get their own address (the wallet read's `chains`), the
// shared address is never shown; the deposit and its quote are created first. The quote's id goes
// into the page's address, so a reload (or the dashboard's Open) shows it again.

let http: HttpStub;
const select = (value: unknown) => localStorage.setItem('selectedAsset', JSON.stringify(value));
const BITCOIN = { name: 'Bitcoin', abbr: 'btc', otheAbbr: 'BTC', amount: 250.5 };
const WATCHED = wallet({ chains: ['bitcoin', 'ethereum', 'bsc'] });
const quoted = (over: Partial<DepositPayment> = {}, rest: Partial<Deposit> = {}) => deposit({ method: 'bitcoin', payment: payment(over), ...rest });
const tick = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const status = () => screen.getByRole('status', { name: 'Payment status' });

/** Nothing of the shared address, its QR code, its Copy button or its network note is on the page. */
function expectNoSharedAddress() {
  for (const shared of ['bc1qplatformbtc', '0xplatformeth', 'TUplatformusdt']) expect(screen.queryByText(shared)).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Deposit address')).not.toBeInTheDocument();
  expect(screen.queryByTestId('address-qr')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Confirm Payment' })).not.toBeInTheDocument();
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00.000Z') });
  signIn(profile());
  http = stubHttp({ 'GET /api/wallet-address': ok([WATCHED]), 'POST /api/deposit': ok(quoted(), 'Deposit requested') });
  select(BITCOIN);
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

describe('Payment information on a chain with the investor\'s own address', () => {
  it('shows the amount and "Get my deposit address", never the shared address; the button creates the deposit and shows its quote, its id in the address', async () => {
    const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
    const get = await screen.findByRole('button', { name: 'Get my deposit address' });
    expectNoSharedAddress();
    expect(screen.queryByText(/BEP-20/)).not.toBeInTheDocument();
    expect(screen.getByText('Bitcoin', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Amount', { selector: 'dt' }).nextElementSibling).toHaveTextContent('250.50 USD');
    expect(screen.getByText('Charge', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0.00 USD');
    expect(screen.getByText(/Bitcoin deposits are paid to an address of your own/)).toHaveTextContent('the exact amount of BTC to send');

    await u.click(get);
    expect(await screen.findByText('Deposit initiated successfully!')).toBeInTheDocument();
    expect(http.calls('POST /api/deposit').map((r) => r.body)).toEqual([{ method: 'bitcoin', amount: 250.5, from: 'u-1' }]);
    expect(await screen.findByRole('heading', { name: 'Send your payment' })).toHaveFocus();
    expect(screen.getByLabelText('Your deposit address')).toHaveTextContent(payment().address);
    expect(await screen.findByTestId('address-qr')).toHaveAttribute('data-value', payment().uri);
    expect(screen.queryByText('bc1qplatformbtc')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/user/payment-info');
    expect(currentSearch()).toBe('?deposit=d-1');
    // The POST's answer is shown as it came: the first read of the payment goes out after an interval.
    expect(http.calls('GET /api/deposit/:id')).toHaveLength(0);
    await tick(5000);
    expect(http.calls('GET /api/deposit/:id').map((r) => r.path)).toEqual(['/api/deposit/d-1']);
    // A quote is not the manual review: no 5 s return to the dashboard.
    expect(currentPath()).toBe('/user/payment-info');
  });

  it.each([
    [{ name: 'Ethereum', abbr: 'eth', otheAbbr: 'ETH', amount: 99 }, 'ETH', ['ethereum']],
    [{ name: 'USDT', abbr: 'usdt', otheAbbr: 'USDT', amount: 99 }, 'USDT', ['bsc']],
  ] as const)('never shows the shared address of a chain in `chains`: %o', async (selection, coin, chains) => {
    select(selection);
    http.on('GET /api/wallet-address', ok([wallet({ chains: [...chains] })]));
    renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
    await screen.findByRole('button', { name: 'Get my deposit address' });
    expectNoSharedAddress();
    expect(screen.getByText(new RegExp(`the exact amount of ${coin} to send`))).toBeInTheDocument();
  });

  it.each([
    ['Solana (never watched), every chain in `chains`', { name: 'Solana', abbr: 'sol', otheAbbr: 'SOL', amount: 250.5 }, ['bitcoin', 'ethereum', 'bsc'], 'SoLplatform'],
    ['Bitcoin when only another chain has its key', BITCOIN, ['bsc'], 'bc1qplatformbtc'],
    ['Bitcoin when the read reports no `chains`', BITCOIN, undefined, 'bc1qplatformbtc'],
  ] as const)('keeps the spec\'s flow for %s: the shared address, its QR code, Copy and Confirm Payment', async (_case, selection, chains, shared) => {
    select(selection);
    http.on('GET /api/wallet-address', ok([wallet(chains ? { chains: [...chains] } : {})]));
    renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
    expect(await screen.findByLabelText('Deposit address')).toHaveTextContent(shared);
    expect(await screen.findByTestId('address-qr')).toHaveAttribute('data-value', shared);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeInTheDocument();
    expect(screen.getByText(/BEP-20 \(Binance Smart Chain\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get my deposit address' })).not.toBeInTheDocument();
  });

  it('a refused deposit shows the server\'s message and the button again, nothing in the address', async () => {
    http.on('POST /api/deposit', fail(503, 'No price for BTC right now'));
    const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
    await u.click(await screen.findByRole('button', { name: 'Get my deposit address' }));
    expect(await screen.findByText('No price for BTC right now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get my deposit address' })).toBeEnabled();
    expect(currentSearch()).toBe('');
    expectNoSharedAddress();
  });

  it('without a stored selection it says so and sends nothing', async () => {
    localStorage.removeItem('selectedAsset');
    const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
    await u.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Invalid payment details.')).toBeInTheDocument();
    expect(http.calls('POST /api/deposit')).toHaveLength(0);
  });
});

describe('Payment information opened on a deposit (?deposit=)', () => {
  const open = (id = 'd-1') => renderWithProviders(<PaymentInfo />, { route: `/user/payment-info?deposit=${id}`, path: '/user/payment-info' });

  it('reads the deposit and shows its quote, whatever the stored selection says; no wallet read, no new deposit', async () => {
    select({ name: 'Solana', abbr: 'sol', otheAbbr: 'SOL', amount: 10 });
    http.on('GET /api/deposit/:id', ok(quoted({ state: 'seen', txid: 'f00dfeed', confirmations: 1, paidAmount: '0.00416667' })));
    open();
    expect(await screen.findByRole('heading', { name: 'Send your payment' })).toBeInTheDocument();
    expect(http.calls('GET /api/deposit/:id').map((r) => r.path)).toEqual(['/api/deposit/d-1']);
    expect(screen.getByText('Bitcoin', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your deposit address')).toHaveTextContent(payment().address);
    expect(screen.getByText('0.00416667 BTC')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Payment seen: 1 of 2 confirmations');
    // Opened, not created here: the focus is not moved into the page.
    expect(screen.getByRole('heading', { name: 'Send your payment' })).not.toHaveFocus();
    expect(http.calls('GET /api/wallet-address')).toHaveLength(0);
    expect(http.calls('POST /api/deposit')).toHaveLength(0);
    expect(screen.queryByText('SoLplatform')).not.toBeInTheDocument();

    // It keeps following the payment.
    http.on('GET /api/deposit/:id', ok(quoted({ state: 'credited', txid: 'f00dfeed', confirmations: 2, paidAmount: '0.00416667' }, { status: 'approved' })));
    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('Credited to your balance'));
  });

  it('a quote created here survives the page being opened again from its address', async () => {
    const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const first = renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
    await u.click(await screen.findByRole('button', { name: 'Get my deposit address' }));
    await screen.findByRole('heading', { name: 'Send your payment' });
    const search = currentSearch();
    first.unmount();

    http.on('GET /api/deposit/:id', (request, params) => ok(quoted({}, { id: String(params.id) })));
    renderWithProviders(<PaymentInfo />, { route: `/user/payment-info${search}`, path: '/user/payment-info' });
    expect(await screen.findByRole('heading', { name: 'Send your payment' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your deposit address')).toHaveTextContent(payment().address);
    expect(screen.getByText('Time left', { selector: 'dt' }).nextElementSibling).toHaveTextContent('15:00');
    expect(http.calls('POST /api/deposit')).toHaveLength(1);
  });

  it('a deposit without a quote: its amount and status, reviewed by an administrator, no address', async () => {
    http.on('GET /api/deposit/:id', ok(deposit({ id: 'd-9', method: 'solana', payment: null })));
    open('d-9');
    expect(await screen.findByText(/This deposit has no address of its own: an administrator reviews it/)).toBeInTheDocument();
    expect(screen.getByText('Solana', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Amount', { selector: 'dt' }).nextElementSibling).toHaveTextContent('250.50 USD');
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Pending');
    expect(screen.queryByText('SoLplatform')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user/main');
  });

  it('an unknown deposit shows the server\'s message with Try again', async () => {
    http.on('GET /api/deposit/:id', fail(404, 'Deposit not found', 'NOT_FOUND'));
    open('d-404');
    expect(await screen.findByText('Deposit not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Send your payment' })).not.toBeInTheDocument();
  });
});
