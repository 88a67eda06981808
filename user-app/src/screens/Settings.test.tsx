import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { cachedProfile, renderWithProviders, signIn } from '../test/render';
import Settings from './Settings';

let http: HttpStub;
const me = profile();
beforeEach(() => {
  signIn(me);
  http = stubHttp({ 'GET /api/user/profile': ok(me) });
});
afterEach(() => http.restore());

const LABELS = ['State', 'City', 'Bank name', 'Account number', 'Routing number', 'Bitcoin address', 'Ethereum address', 'Solana address'];

const show = async () => {
  const u = userEvent.setup();
  renderWithProviders(<Settings />, { route: '/user/setting' });
  await waitFor(() => expect(http.calls('GET /api/user/profile')).toHaveLength(1));
  return u;
};

describe('Settings', () => {
  it('shows every settings field read-only until Manage Settings', async () => {
    const u = await show();
    for (const label of LABELS) expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Bank name')).toHaveValue('First Bank');
    expect(screen.getByLabelText('Solana address')).toHaveValue('SoLada');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Manage Settings' });
    await u.click(edit);
    // A fresh <button>: if React reused this one as the submit button, browsers would submit on this very click.
    expect(edit).not.toBeInTheDocument();
    expect(http.calls('PATCH /api/user/profile')).toHaveLength(0);
    for (const label of LABELS) expect(screen.getByLabelText(label)).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it('PATCHes state, city, bankName, accountNumber, routingNumber, bitcoin, sol, ethereum', async () => {
    let saved = me;
    http.on('PATCH /api/user/profile', (req) => ok((saved = { ...me, ...(req.body as object) })));
    http.on('GET /api/user/profile', () => ok(saved));
    const u = await show();
    await u.click(screen.getByRole('button', { name: 'Manage Settings' }));
    await u.clear(screen.getByLabelText('City'));
    await u.type(screen.getByLabelText('City'), 'Abuja');
    await u.clear(screen.getByLabelText('Ethereum address'));
    await u.type(screen.getByLabelText('Ethereum address'), ' 0xnew ');
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    await u.type(screen.getByLabelText('Anti-phishing phrase'), 'blue heron');
    // A new phrase is a security change: the password is asked with it.
    await u.type(screen.getByLabelText('Your password'), 'Harbor-Lights-2291');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings updated successfully!')).toBeInTheDocument();
    expect(http.calls('PATCH /api/user/profile')[0]?.body).toEqual({
      state: 'Lagos', city: 'Abuja', bankName: 'First Bank', accountNumber: '0123456789', routingNumber: '021000021',
      bitcoin: 'bc1qada', ethereum: '0xnew', sol: 'SoLada', antiPhishingPhrase: 'blue heron', currentPassword: 'Harbor-Lights-2291',
    });
    expect(http.calls('GET /api/user/profile')).toHaveLength(2);
    expect(cachedProfile()?.city).toBe('Abuja');
    expect(screen.getByLabelText('City')).toHaveValue('Abuja');
    expect(screen.getByRole('button', { name: 'Manage Settings' })).toBeInTheDocument();
  });

  it('says a phrase with a link breaks the rule the server applies, and does not save it', async () => {
    const u = await show();
    await u.click(screen.getByRole('button', { name: 'Manage Settings' }));
    await u.type(screen.getByLabelText('Anti-phishing phrase'), 'unlock at evil.com');
    expect(screen.getByText('The phrase must not contain a link or web address (such as https://, www. or example.com).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await u.clear(screen.getByLabelText('Anti-phishing phrase'));
    await u.type(screen.getByLabelText('Anti-phishing phrase'), 'blue heron');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(http.calls('PATCH /api/user/profile')).toHaveLength(0);
  });

  it('shows the server\'s message, or "Failed to update settings"', async () => {
    http.on('PATCH /api/user/profile', fail(400, 'accountNumber: must be at most 34 characters'));
    const u = await show();
    await u.click(screen.getByRole('button', { name: 'Manage Settings' }));
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('accountNumber: must be at most 34 characters')).toBeInTheDocument();
    http.on('PATCH /api/user/profile', () => Promise.reject(new TypeError('fetch failed')));
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update settings')).toBeInTheDocument();
  });

  it('shows "Failed to fetch profile" when the profile cannot be loaded', async () => {
    http.on('GET /api/user/profile', () => Promise.reject(new TypeError('fetch failed')));
    renderWithProviders(<Settings />, { route: '/user/setting' });
    expect(await screen.findByText('Failed to fetch profile')).toBeInTheDocument();
  });
});

describe('Settings: payout safety', () => {
  it('says until when a recently changed payout destination cannot be used', async () => {
    http.on('GET /api/user/profile', ok({ ...me, payoutUsableFrom: { bitcoin: '2026-11-26T10:00:00.000Z', bank: '2026-11-26T11:00:00.000Z' } }));
    await show();
    expect(screen.getByLabelText('Bitcoin address')).toHaveAccessibleDescription(/Usable for withdrawals from/);
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(/Usable for withdrawals from/);
    expect(screen.getByLabelText('Ethereum address')).not.toHaveAccessibleDescription(/Usable/);
  });
});
