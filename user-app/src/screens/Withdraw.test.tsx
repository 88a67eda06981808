import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile, withdrawal } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { TOKEN, currentPath, renderWithProviders, signIn } from '../test/render';
import Withdraw from './Withdraw';

const user = profile({ balance: 4300.5, btcBal: 1500.25, usdtBal: 1000 });
let http: HttpStub;

beforeEach(() => {
  signIn(user);
  http = stubHttp({ 'GET /api/user/profile': ok(user) });
});
afterEach(() => http.restore());

const setup = async (options?: { advanceTimers: (ms: number) => Promise<void> | void }) => {
  const u = userEvent.setup(options ? { advanceTimers: options.advanceTimers } : {});
  renderWithProviders(<Withdraw />, { route: '/user/withdraw' });
  await screen.findByText('$4,300.50');
  return u;
};

/** 'Withdraw Now' opens the review once the checks pass; its 'Send withdrawal' sends. */
const withdrawNow = async (u: ReturnType<typeof userEvent.setup>) => {
  await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
  await u.click(within(dialog).getByRole('button', { name: 'Send withdrawal' }));
};

describe('Withdraw', () => {
  it('shows the available balance and only the method select until a method is chosen', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByText('Available balance')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Withdrawal method' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw Now' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
    expect(http.calls('GET /api/user/profile')[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('offers bank, bitcoin, ethereum, solana and usdt; bank shows read-only bank fields, no wallet address', async () => {
    const u = await setup();
    const select = screen.getByRole('combobox', { name: 'Withdrawal method' });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['', 'bank', 'bitcoin', 'ethereum', 'solana', 'usdt']);
    await u.selectOptions(select, 'bank');
    expect(screen.getByLabelText('Bank name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Bank name')).toHaveValue('First Bank');
    expect(screen.getByLabelText('Account number')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Routing number')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Wallet address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Charge')).toHaveValue('$0.00');
    expect(screen.getByRole('button', { name: 'Withdraw Now' })).toBeInTheDocument();
  });

  it('requires an amount greater than 0 in whole cents (the shared amount rule)', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    expect(await screen.findByText('Please fill in all required fields correctly.')).toBeInTheDocument();
    for (const typed of ['0', '10.005']) {
      await u.clear(screen.getByLabelText('Amount (USD)'));
      await u.type(screen.getByLabelText('Amount (USD)'), typed);
      await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
      expect(screen.getAllByText('Please fill in all required fields correctly.').length).toBeGreaterThan(0);
    }
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
  });

  it("says how long a new address waits as the server is configured (the profile's payoutCooldownHours)", async () => {
    http.on('GET /api/user/profile', ok({ ...user, payoutCooldownHours: 48 }));
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    await u.clear(screen.getByLabelText('Wallet address'));
    await u.type(screen.getByLabelText('Wallet address'), 'bc1qother');
    expect(screen.getByText('A new address is saved as your payout address; once you have funded your account it can be used 48 hours later.')).toBeInTheDocument();
  });

  it('offers the saved payout address; without one every crypto withdrawal, usdt included, asks for an address', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    expect(screen.getByLabelText('Wallet address')).toHaveValue('bc1qada');
    expect(screen.getByText('Your saved payout address (Settings).')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Wallet address'));
    await u.type(screen.getByLabelText('Amount (USD)'), '100');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    expect(await screen.findByText('Please provide a valid wallet address.')).toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
    await u.type(screen.getByLabelText('Wallet address'), 'bc1qother');
    expect(screen.getByText(/A new address is saved as your payout address/)).toBeInTheDocument();

    http.on('POST /api/withdrawal', ok(withdrawal(), 'ok'));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'usdt');
    expect(screen.getByLabelText('Wallet address')).toHaveValue('TUada');
    await u.clear(screen.getByLabelText('Wallet address'));
    await u.clear(screen.getByLabelText('Amount (USD)'));
    await u.type(screen.getByLabelText('Amount (USD)'), '50');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    await waitFor(() => expect(screen.getAllByText('Please provide a valid wallet address.')).toHaveLength(2));
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
    await u.type(screen.getByLabelText('Wallet address'), 'TUada');
    await withdrawNow(u);
    await waitFor(() => expect(http.calls('POST /api/withdrawal')).toHaveLength(1));
    expect(http.calls('POST /api/withdrawal')[0]?.body).toEqual({ method: 'usdt', amount: 50, to: 'u-1', address: 'TUada' });
  });

  it('Max fills the balance of the method\'s asset', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    await u.click(screen.getByRole('button', { name: /^Max/ }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(1500.25);
  });

  it('sends method, amount, to and address; then clears the form and goes to /user/main after 5 s', async () => {
    jest.useFakeTimers();
    try {
      http.on('POST /api/withdrawal', ok(withdrawal({ amount: 120.46, method: 'bitcoin', address: 'bc1qdest' }), 'ok'));
      const u = await setup({ advanceTimers: jest.advanceTimersByTime });
      await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
      await u.clear(screen.getByLabelText('Wallet address'));
      await u.type(screen.getByLabelText('Wallet address'), ' bc1qdest ');
      await u.type(screen.getByLabelText('Amount (USD)'), '120.46');
      await withdrawNow(u);
      expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
      const [request] = http.calls('POST /api/withdrawal');
      expect(request?.body).toEqual({ method: 'bitcoin', amount: 120.46, to: 'u-1', address: 'bc1qdest' });
      expect(request?.headers.get('idempotency-key')).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Withdrawal method' })).toHaveValue('');
      expect(screen.queryByLabelText('Amount (USD)')).not.toBeInTheDocument();

      act(() => void jest.advanceTimersByTime(4999));
      expect(currentPath()).toBe('/user/withdraw');
      act(() => void jest.advanceTimersByTime(1));
      expect(currentPath()).toBe('/user/main');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the loading toast while processing and the server\'s message on failure', async () => {
    let release: () => void = () => undefined;
    http.on('POST /api/withdrawal', () => new Promise((resolve) => (release = () => resolve(fail(422, 'Insufficient balance in bitcoin', 'INSUFFICIENT_FUNDS')))));
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await withdrawNow(u);
    expect(await screen.findByText('Please wait, your withdrawal is processing...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw Now' })).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('Insufficient balance in bitcoin')).toBeInTheDocument();
    expect(screen.queryByText('Please wait, your withdrawal is processing...')).not.toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal')[0]?.body).toEqual({ method: 'bank', amount: 10, to: 'u-1' });
    expect(currentPath()).toBe('/user/withdraw');
  });

  it('reads the profile again after the withdrawal, so the new balance shows without a reload', async () => {
    let balance = 4300.5;
    http.on('GET /api/user/profile', () => ok({ ...user, balance }));
    http.on('POST /api/withdrawal', () => {
      balance = 4250.5;
      return ok(withdrawal({ amount: 50, method: 'usdt' }), 'Withdrawal requested');
    });
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'usdt');
    await u.type(screen.getByLabelText('Amount (USD)'), '50');
    await withdrawNow(u);
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    expect(screen.getByText('$4,250.50')).toBeInTheDocument();
    expect(http.calls('GET /api/user/profile')).toHaveLength(2);
  });

  it('keeps one Idempotency-Key per intent: the same when a failed request is sent again, a new one for a new amount or after success', async () => {
    http.on('POST /api/withdrawal', fail(503, 'Service is starting'));
    const u = await setup();
    const send = async (amount: string) => {
      const before = http.calls('POST /api/withdrawal').length;
      await u.clear(screen.getByLabelText('Amount (USD)'));
      await u.type(screen.getByLabelText('Amount (USD)'), amount);
      await withdrawNow(u);
      await waitFor(() => expect(http.calls('POST /api/withdrawal')).toHaveLength(before + 1));
      // Settled: the button is usable again (or gone, after a success clears the form).
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw Now' })?.hasAttribute('disabled')).not.toBe(true));
    };
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await send('10');
    await send('10');
    await send('11');
    http.on('POST /api/withdrawal', ok(withdrawal({ amount: 11, method: 'bank' }), 'Withdrawal requested'));
    await send('11');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await send('11');
    const keys = http.calls('POST /api/withdrawal').map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(5);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).toBe(keys[2]);
    expect(keys[4]).not.toBe(keys[3]);
  });

  it('shows the profile error with the server\'s message', async () => {
    signIn({ ...user });
    http.on('GET /api/user/profile', fail(503, 'Service is starting'));
    renderWithProviders(<Withdraw />, { route: '/user/withdraw' });
    expect(await screen.findByText('Service is starting')).toBeInTheDocument();
  });
});

/** The review's list as term → value. */
const reviewed = (dialog: HTMLElement) => {
  const values = within(dialog).getAllByRole('definition').map((d) => d.textContent);
  return Object.fromEntries(within(dialog).getAllByRole('term').map((t, i) => [t.textContent, values[i]]));
};

describe('Withdraw: the review before it is sent', () => {
  it('lists asset, network, destination, amount, fee and what arrives for a crypto method; nothing is sent before its confirm', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    await u.clear(screen.getByLabelText('Wallet address'));
    await u.type(screen.getByLabelText('Wallet address'), 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await u.type(screen.getByLabelText('Amount (USD)'), '1,200.5');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    expect(reviewed(dialog)).toEqual({
      Asset: 'Bitcoin',
      Network: 'Bitcoin',
      Destination: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      Amount: '$1,200.50',
      Fee: '$0.00',
      'You receive': '$1,200.50',
    });
    expect(within(dialog).getByRole('button', { name: 'Send withdrawal' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Back to edit' })).toBeEnabled();
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
  });

  it('names each method\'s network: Ethereum (ERC-20), Solana, USDT on BEP-20', async () => {
    const u = await setup();
    for (const [method, asset, network] of [
      ['ethereum', 'Ethereum', 'Ethereum (ERC-20)'],
      ['solana', 'Solana', 'Solana'],
      ['usdt', 'USDT', 'BEP-20 (Binance Smart Chain)'],
    ] as const) {
      await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), method);
      await u.clear(screen.getByLabelText('Wallet address'));
      await u.type(screen.getByLabelText('Wallet address'), `${method}-destination`);
      await u.clear(screen.getByLabelText('Amount (USD)'));
      await u.type(screen.getByLabelText('Amount (USD)'), '0.5');
      await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
      expect(reviewed(dialog)).toMatchObject({ Asset: asset, Network: network, Destination: `${method}-destination`, Amount: '$0.50', 'You receive': '$0.50' });
      await u.click(within(dialog).getByRole('button', { name: 'Back to edit' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
  });

  it('for bank: the asset it draws from (USDT), a bank transfer to the saved bank and account number', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '75');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    expect(reviewed(dialog)).toEqual({
      Asset: 'USDT',
      Network: 'Bank transfer',
      Destination: 'First Bank, account 0123456789',
      Amount: '$75.00',
      Fee: '$0.00',
      'You receive': '$75.00',
    });
  });

  it('"Back to edit" sends nothing, keeps the form as it was and gives the focus back to the button', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    await u.clear(screen.getByLabelText('Wallet address'));
    await u.type(screen.getByLabelText('Wallet address'), 'bc1qkept');
    await u.type(screen.getByLabelText('Amount (USD)'), '42.10');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    await u.click(within(dialog).getByRole('button', { name: 'Back to edit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw Now' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Withdrawal method' })).toHaveValue('bitcoin');
    expect(screen.getByLabelText('Wallet address')).toHaveValue('bc1qkept');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(42.1);
    // Escape goes back too.
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    // The focus is in the dialog (on it: nothing to fill in), so Escape reaches it.
    expect(await screen.findByRole('dialog', { name: 'Review your withdrawal' })).toHaveFocus();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw Now' })).toHaveFocus();
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
    expect(screen.queryByText('Please wait, your withdrawal is processing...')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/user/withdraw');
  });

  it('its confirm sends exactly the body the form sent before, once; a second click meanwhile sends nothing more', async () => {
    let release: () => void = () => undefined;
    http.on('POST /api/withdrawal', () => new Promise((resolve) => (release = () => resolve(ok(withdrawal({ amount: 99.99, method: 'usdt', address: 'TUada' }), 'ok')))));
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'usdt');
    await u.type(screen.getByLabelText('Amount (USD)'), '99.99');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    await u.click(within(dialog).getByRole('button', { name: 'Send withdrawal' }));
    expect(await screen.findByText('Please wait, your withdrawal is processing...')).toBeInTheDocument();
    // Busy: the confirm shows it, going back waits for the answer.
    expect(within(dialog).getByRole('button', { name: 'Send withdrawal' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back to edit' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'Send withdrawal' }));
    act(() => release());
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = http.calls('POST /api/withdrawal');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ method: 'usdt', amount: 99.99, to: 'u-1', address: 'TUada' });
    expect(sent[0]?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('a failed request closes the review and keeps the form for another try', async () => {
    http.on('POST /api/withdrawal', fail(422, 'Insufficient balance in bitcoin', 'INSUFFICIENT_FUNDS'));
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await withdrawNow(u);
    expect(await screen.findByText('Insufficient balance in bitcoin')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(10);
    expect(screen.getByRole('button', { name: 'Withdraw Now' })).toHaveFocus();
  });

  it('a failed check never opens the review: the spec\'s toast, nothing sent', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    await u.type(screen.getByLabelText('Amount (USD)'), '1500.26');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    expect(await screen.findByText('Please fill in all required fields correctly.')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Amount (USD)'));
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await u.clear(screen.getByLabelText('Wallet address'));
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    expect(await screen.findByText('Please provide a valid wallet address.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
  });
});
