import type { SVGProps } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Deposit, DepositPayment } from '@halcyon/api-client/model';
import { queryClient, queryKey } from '@halcyon/api-client/react';
import { fail, ok, stubHttp, type HttpStub, type StubReply } from '@halcyon/api-client/testing';
import { deposit, payment, profile, wallet } from '../test/fixtures';
import { currentPath, renderWithProviders, signIn } from '../test/render';
import PaymentInfo from './PaymentInfo';

// The QR code as the value it encodes (qrcode.react draws the modules; what matters here is what they say).
jest.mock('qrcode.react', () => ({
  QRCodeSVG: ({ value, title }: { value: string; title: string } & SVGProps<SVGSVGElement>) => <svg data-testid="address-qr" data-value={value} aria-label={title} role="img" />,
}));

// Issue 26: a deposit on a watched chain comes back from POST /deposit with a quote (`payment`);
// the screen shows it in place of the shared address and follows the payment (GET /deposit/:id).

let http: HttpStub;
const select = (value: unknown) => localStorage.setItem('selectedAsset', JSON.stringify(value));
const BITCOIN = { name: 'Bitcoin', abbr: 'btc', otheAbbr: 'BTC', amount: 250.5 };
const quoted = (over: Partial<DepositPayment> = {}, rest: Partial<Deposit> = {}) => deposit({ method: 'bitcoin', payment: payment(over), ...rest });

/** GET /deposit/:id answers these in turn (the last one again after that). */
function answers(...replies: StubReply[]) {
  let i = 0;
  http.on('GET /api/deposit/:id', () => replies[Math.min(i++, replies.length - 1)] as StubReply);
}

const status = () => screen.getByRole('status', { name: 'Payment status' });
const tick = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00.000Z') });
  signIn(profile());
  http = stubHttp({ 'GET /api/wallet-address': ok([wallet()]), 'POST /api/deposit': ok(quoted(), 'Deposit requested') });
  select(BITCOIN);
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

/** Renders the screen and confirms, as the investor does; resolves once the quote is shown. */
async function confirmQuote() {
  const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
  await screen.findByText('bc1qplatformbtc');
  await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
  await screen.findByRole('heading', { name: 'Send your payment' });
  return u;
}

describe('Payment information with a quote', () => {
  it('shows the coin amount beside the USD, the investor\'s own address with its payment link as QR code, the network, confirmations and time left', async () => {
    const u = await confirmQuote();
    expect(await screen.findByText('Deposit initiated successfully!')).toBeInTheDocument();
    expect(http.calls('POST /api/deposit').map((r) => r.body)).toEqual([{ method: 'bitcoin', amount: 250.5, from: 'u-1' }]);

    expect(screen.getByText('0.00416667 BTC')).toBeInTheDocument();
    expect(screen.getByText('250.50 USD')).toBeInTheDocument();
    expect(screen.getByLabelText('Your deposit address')).toHaveTextContent(payment().address);
    expect(screen.queryByText('bc1qplatformbtc')).not.toBeInTheDocument();
    expect(await screen.findByTestId('address-qr')).toHaveAttribute('data-value', payment().uri);
    expect(screen.getByRole('link', { name: 'Open in a wallet app' })).toHaveAttribute('href', payment().uri);

    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Network')).toBe('Bitcoin');
    expect(facts('Confirmations needed')).toBe('2');
    expect(facts('Quote valid until')).toBe('Nov 27, 2026, 10:15 AM UTC');
    expect(facts('Time left')).toBe('15:00');
    expect(facts('Charge')).toBe('0.00 USD');
    expect(screen.getByText(/Send only BTC on the Bitcoin network/)).toBeInTheDocument();
    expect(screen.queryByText(/BEP-20/)).not.toBeInTheDocument();

    // The status, in a polite live region.
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(status()).toHaveTextContent('Waiting for your payment');
    // The Confirm Payment button that had the focus is gone; the quote's title has it.
    expect(screen.queryByRole('button', { name: 'Confirm Payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Send your payment' })).toHaveFocus();

    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await u.click(screen.getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith(payment().address);
    expect(await screen.findByText('Address copied successfully!')).toBeInTheDocument();

    // The countdown runs; the screen stays (no 5 s redirect): the investor has a payment to make.
    await tick(6000);
    expect(facts('Time left')).toBe('14:54');
    expect(currentPath()).toBe('/user/payment-info');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user/main');
  });

  it('follows the payment: waiting → seen (n of N, the transaction on the explorer) → credited, then stops asking', async () => {
    const seen = { state: 'seen', txid: 'f00dfeed', confirmations: 1, paidAmount: '0.00416667', explorerUrl: 'https://mempool.example/tx/f00dfeed' } as const;
    answers(ok(quoted()), ok(quoted(seen)), ok(quoted({ ...seen, confirmations: 2 })), ok(quoted({ ...seen, state: 'credited', confirmations: 2 })));
    await confirmQuote();
    // The POST's answer is the first state: nothing is asked before the first interval.
    expect(http.calls('GET /api/deposit/:id')).toHaveLength(0);
    queryClient.setQueryData(queryKey('getTransactions'), { data: [] });

    await tick(5000);
    expect(http.calls('GET /api/deposit/:id').map((r) => r.path)).toEqual(['/api/deposit/d-1']);
    expect(status()).toHaveTextContent('Waiting for your payment');

    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('Payment seen: 1 of 2 confirmations'));
    expect(status()).toHaveTextContent('It is credited to your balance once it has 2 confirmations: there is nothing more to do.');
    const tx = screen.getByRole('link', { name: /f00dfeed/ });
    expect(tx).toHaveAttribute('href', 'https://mempool.example/tx/f00dfeed');
    expect(tx).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Time left')).not.toBeInTheDocument();

    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('Payment seen: 2 of 2 confirmations'));

    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('Credited to your balance'));
    expect(status()).toHaveTextContent('0.00416667 BTC arrived and 250.50 USD was added to your Bitcoin balance.');
    // Nothing is left to pay: no address, QR, Copy or payment link any more.
    expect(screen.queryByLabelText('Your deposit address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in a wallet app' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your deposit' })).toBeInTheDocument();
    // The new balance is read where it is shown next.
    expect(queryClient.getQueryState(queryKey('getTransactions'))?.isInvalidated).toBe(true);

    await tick(60_000);
    expect(http.calls('GET /api/deposit/:id')).toHaveLength(4);
  });

  it('without an explorer, shows the transaction id as text', async () => {
    answers(ok(quoted({ state: 'seen', txid: 'f00dfeed', confirmations: 0, paidAmount: '0.00416667' })));
    await confirmQuote();
    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('Payment seen: 0 of 2 confirmations'));
    expect(screen.getByText('f00dfeed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /f00dfeed/ })).not.toBeInTheDocument();
  });

  it('says when less than quoted arrived, and what to do', async () => {
    answers(ok(quoted({ state: 'seen', txid: 'f00dfeed', confirmations: 1, paidAmount: '0.002' })));
    await confirmQuote();
    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('We received 0.002 BTC, less than the 0.00416667 BTC quoted'));
    expect(status()).toHaveTextContent('To add the rest, start a new deposit.');
  });

  it('expired: a late payment is still credited at the price when it confirms; the screen keeps watching and offers a new deposit', async () => {
    answers(ok(quoted({ state: 'expired' })));
    await confirmQuote();
    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('This quote has expired'));
    expect(status()).toHaveTextContent('No payment arrived before Nov 27, 2026, 10:15 AM UTC.');
    expect(status()).toHaveTextContent('a late payment is still credited, valued at the BTC price when it confirms');
    expect(screen.getByRole('link', { name: 'Start a new deposit' })).toHaveAttribute('href', '/user/deposit');
    // Still asked, less often: a late payment may yet be seen.
    await tick(15_000);
    expect(http.calls('GET /api/deposit/:id')).toHaveLength(2);
  });

  it('at the expiry time, says the quote has expired before the server does', async () => {
    answers(ok(quoted()));
    await confirmQuote();
    await tick(15 * 60_000 - 1000);
    expect(status()).toHaveTextContent('Waiting for your payment');
    expect(screen.getByText('Time left', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0:01');
    await tick(1000);
    expect(status()).toHaveTextContent('This quote has expired');
    expect(screen.getByText('Time left', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Expired');
  });

  it('orphaned: tells the investor not to pay again', async () => {
    answers(ok(quoted({ state: 'orphaned', txid: 'f00dfeed', confirmations: 0, paidAmount: '0.00416667' })));
    await confirmQuote();
    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('Payment waiting to be confirmed again'));
    expect(status()).toHaveTextContent('Do not send it again');
  });

  it('keeps the last status when a read fails, says so, and recovers', async () => {
    answers(fail(503, 'Chain watcher busy'), ok(quoted({ state: 'seen', txid: 'f00dfeed', confirmations: 1, paidAmount: '0.00416667' })));
    await confirmQuote();
    await tick(5000);
    expect(await screen.findByText(/Could not refresh the status \(Chain watcher busy\)/)).toBeInTheDocument();
    expect(status()).toHaveTextContent('Waiting for your payment');
    await tick(5000);
    await waitFor(() => expect(status()).toHaveTextContent('Payment seen: 1 of 2 confirmations'));
    expect(screen.queryByText(/Could not refresh the status/)).not.toBeInTheDocument();
  });

  it.each([
    [{ name: 'USDT', abbr: 'usdt', otheAbbr: 'USDT', amount: 250.5 }, payment({ network: 'bsc', coin: 'USDT', address: '0xada', cryptoAmount: '250.5', uri: 'ethereum:0xusdt@56/transfer?address=0xada&uint256=2.505e20' }), 'BEP-20 (Binance Smart Chain)', /Send only USDT to this address using the BEP-20 \(Binance Smart Chain\) network/],
    [{ name: 'Ethereum', abbr: 'eth', otheAbbr: 'ETH', amount: 250.5 }, payment({ network: 'ethereum', coin: 'ETH', address: '0xada', cryptoAmount: '0.1', uri: 'ethereum:0xada@1?value=1e17' }), 'Ethereum', /Send only ETH on the Ethereum network to this address \(not BEP-20/],
  ])('names the network of the asset: %o', async (selection, quote, network, note) => {
    select(selection);
    http.on('POST /api/deposit', ok(deposit({ method: selection.abbr === 'usdt' ? 'usdt' : 'ethereum', payment: quote })));
    http.on('GET /api/wallet-address', ok([wallet({ usdt: 'bc1qplatformbtc', ethereum: 'bc1qplatformbtc' })]));
    await confirmQuote();
    expect(screen.getByText('Network', { selector: 'dt' }).nextElementSibling).toHaveTextContent(network);
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(screen.getByText(`${quote.cryptoAmount} ${quote.coin}`)).toBeInTheDocument();
  });

  it('without a quote (no key configured, or Solana) it is the manual flow: pending review, back to the dashboard after 5 s', async () => {
    select({ name: 'Solana', abbr: 'sol', otheAbbr: 'SOL', amount: 250.5 });
    http.on('POST /api/deposit', ok(deposit({ method: 'solana', payment: null }), 'Deposit requested'));
    const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<PaymentInfo />, { route: '/user/payment-info' });
    await screen.findByText('SoLplatform');
    await u.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Your deposit is pending approval. Returning to the dashboard...')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Payment status' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment details' })).getByText('SoLplatform')).toBeInTheDocument();
    await tick(5000);
    expect(currentPath()).toBe('/user/main');
    expect(http.calls('GET /api/deposit/:id')).toHaveLength(0);
  });
});
