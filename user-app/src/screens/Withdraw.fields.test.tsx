import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../test/fixtures';
import { ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders, signIn } from '../test/render';
import Withdraw from './Withdraw';

// Issue 29 item 3: what the chosen asset can pay out, and each field's problem said beside it.
const user = profile({ balance: 6000, btcBal: 4050, usdtBal: 1950, ethBal: 0, solBal: 0, bitcoin: '' });
let http: HttpStub;

beforeEach(() => {
  signIn(user);
  http = stubHttp({ 'GET /api/user/profile': ok(user) });
});
afterEach(() => http.restore());

const method = () => screen.getByRole('combobox', { name: 'Withdrawal method' });
const amount = () => screen.getByLabelText('Amount (USD)');

test('the available balance is the chosen asset\'s, not every asset\'s', async () => {
  const u = userEvent.setup();
  renderWithProviders(<Withdraw />, { route: '/user/withdraw' });
  expect(await screen.findByText('$6,000.00')).toBeInTheDocument();
  expect(screen.getByText(/across your assets/)).toBeInTheDocument();
  await u.selectOptions(method(), 'usdt');
  expect(screen.getByText('$1,950.00', { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByText('in USDT')).toBeInTheDocument();
  await u.selectOptions(method(), 'bitcoin');
  expect(screen.getByText('$4,050.00', { selector: 'p' })).toBeInTheDocument();
});

test('each field says what is wrong, in plain words, once a send was tried; nothing is sent', async () => {
  const u = userEvent.setup();
  renderWithProviders(<Withdraw />, { route: '/user/withdraw' });
  await screen.findByText('$6,000.00');
  await u.selectOptions(method(), 'bitcoin');
  // Nothing said before a try.
  expect(screen.queryByText('Enter an amount.')).not.toBeInTheDocument();
  await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
  expect(await screen.findByText('Please fill in all required fields correctly.')).toBeInTheDocument();
  expect(amount()).toHaveAccessibleDescription(expect.stringContaining('Enter an amount.'));
  expect(screen.getByLabelText('Wallet address')).toHaveAccessibleDescription(expect.stringContaining('Enter the wallet address to send to.'));
  for (const [typed, said] of [
    ['10.005', 'Use at most 2 decimals (whole cents), like 10.01.'],
    ['0', 'Enter an amount greater than $0.'],
    ['4050.01', 'That is more than the $4,050.00 available in Bitcoin.'],
  ] as const) {
    await u.clear(amount());
    await u.type(amount(), typed);
    expect(amount()).toHaveAccessibleDescription(expect.stringContaining(said));
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
  }
  await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
  await u.clear(amount());
  await u.type(amount(), '4050');
  await u.type(screen.getByLabelText('Wallet address'), 'bc1qfieldsaddress');
  expect(amount()).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText(/Enter the wallet address/)).not.toBeInTheDocument();
  expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
});
