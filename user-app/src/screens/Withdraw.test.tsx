import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub } from '../test/http-stub';
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

describe('Withdraw', () => {
  it('shows the available balance and only the method select until a method is chosen', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByText('Available balance')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Withdrawal method' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw Now' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
    expect(http.calls('GET /api/user/profile')[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
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

  it('requires a wallet address for bitcoin, but not for usdt', async () => {
    const u = await setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
    await u.type(screen.getByLabelText('Amount (USD)'), '100');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    expect(await screen.findByText('Please provide a valid wallet address.')).toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);

    http.on('POST /api/withdrawal', { status: 201, body: { data: { id: 'w-1' }, message: 'ok' } });
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'usdt');
    expect(screen.getByLabelText('Wallet address')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Amount (USD)'));
    await u.type(screen.getByLabelText('Amount (USD)'), '50');
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    await waitFor(() => expect(http.calls('POST /api/withdrawal')).toHaveLength(1));
    expect(http.calls('POST /api/withdrawal')[0]?.body).toEqual({ method: 'usdt', amount: 50, to: 'u-1' });
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
      http.on('POST /api/withdrawal', { status: 201, body: { data: { id: 'w-1', amount: 120.46, method: 'bitcoin', status: 'pending' } } });
      const u = await setup({ advanceTimers: jest.advanceTimersByTime });
      await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bitcoin');
      await u.type(screen.getByLabelText('Wallet address'), ' bc1qdest ');
      await u.type(screen.getByLabelText('Amount (USD)'), '120.46');
      await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
      expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
      const [request] = http.calls('POST /api/withdrawal');
      expect(request?.body).toEqual({ method: 'bitcoin', amount: 120.46, to: 'u-1', address: 'bc1qdest' });
      expect(request?.headers['idempotency-key']).toBeTruthy();
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
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    expect(await screen.findByText('Please wait, your withdrawal is processing...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw Now' })).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('Insufficient balance in bitcoin')).toBeInTheDocument();
    expect(screen.queryByText('Please wait, your withdrawal is processing...')).not.toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal')[0]?.body).toEqual({ method: 'bank', amount: 10, to: 'u-1' });
    expect(currentPath()).toBe('/user/withdraw');
  });

  it('shows the profile error with the server\'s message', async () => {
    signIn({ ...user });
    http.on('GET /api/user/profile', fail(503, 'Service is starting'));
    renderWithProviders(<Withdraw />, { route: '/user/withdraw' });
    expect(await screen.findByText('Service is starting')).toBeInTheDocument();
  });
});
