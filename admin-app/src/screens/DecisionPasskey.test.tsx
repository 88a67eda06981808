import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, page, stubHttp, type HttpStub, type StubHandler } from '@halcyon/api-client/testing';
import { assertionResponse, mockWebAuthn } from '@halcyon/api-client/testing/webauthn';
import { renderWithProviders } from '../test/render';
import { deposit, earning, investment, withdrawal } from '../test/fixtures';
import { byStatus } from '../test/lists';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import PendingDepositsScreen from './PendingDepositsScreen';
import PendingWithdrawalsScreen from './PendingWithdrawalsScreen';
import TopEarningsScreen from './TopEarningsScreen';

// REQUIRE_ADMIN_PASSKEY (docs/security.md "Passkeys"): a money decision without a passkey bound to
// it is refused with ADMIN_PASSKEY_REQUIRED; the decision asks the admin's passkey and goes again.
const webauthn = mockWebAuthn();
let http: HttpStub;
afterEach(() => http.restore());

const options = { challenge: 'ZGVjaXNpb24', rpId: 'localhost', userVerification: 'required', allowCredentials: [{ id: 'cred-admin', type: 'public-key' }] };
const passkey = { challengeId: 'ch-d1', response: assertionResponse('cred-admin') };
const required = fail(403, 'Confirm this decision with your passkey.', 'ADMIN_PASSKEY_REQUIRED');

/** Refuses the decision until it carries a passkey, then answers `reply`. */
const needsPasskey =
  (data: unknown, status?: number): StubHandler =>
  (request) =>
    (request.body as { passkey?: unknown } | undefined)?.passkey ? { ...(status ? { status } : {}), body: { data } } : required;

async function decide(button: string, confirm: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));
}

describe('admin decisions with REQUIRE_ADMIN_PASSKEY', () => {
  it('approving a withdrawal: the step-up names the endpoint and the record, and the decision goes again with { passkey }', async () => {
    const w = withdrawal({ id: 'w1', status: 'pending' });
    http = stubHttp({
      'GET /api/admin/withdrawals/all': byStatus([w]),
      'PATCH /api/admin/withdrawals/:id/approve': needsPasskey({ ...w, status: 'approved' }),
      'POST /api/account/passkeys/challenge': { body: { data: { challengeId: 'ch-d1', options } } },
    });
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse('cred-admin'));
    renderWithProviders(<PendingWithdrawalsScreen />);
    await decide('Approve withdrawal w1', 'Approve');
    await findSuccessToast('Withdrawal approved successfully.');
    const challenge = http.calls('POST /api/account/passkeys/challenge');
    expect(challenge.map((r) => r.body)).toEqual([{ purpose: 'decision', decision: { route: 'approveWithdrawal', id: 'w1' } }]);
    expect(challenge[0]?.headers.get('authorization')).toMatch(/^Bearer admin-/);
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(http.calls('PATCH /api/admin/withdrawals/:id/approve').map((r) => r.body)).toEqual([undefined, { passkey }]);
  });

  it('approving a deposit keeps its method in the path; a decision that needs no passkey asks none', async () => {
    const d = deposit({ id: 'd1', amount: 250, method: 'bitcoin' });
    http = stubHttp({
      'GET /api/admin/deposits/all': byStatus([d]),
      'PATCH /api/admin/deposits/:id/:method/approve': needsPasskey({ ...d, status: 'approved' }),
      'PATCH /api/admin/deposits/:id/decline': { body: { data: { ...d, status: 'declined' } } },
      'POST /api/account/passkeys/challenge': { body: { data: { challengeId: 'ch-d1', options } } },
    });
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse('cred-admin'));
    renderWithProviders(<PendingDepositsScreen />, { route: '/admin/pending-deposit' });
    await decide('Approve deposit d1', 'Approve');
    await findSuccessToast('Deposit approved successfully.');
    expect(http.calls('POST /api/account/passkeys/challenge')[0]?.body).toEqual({ purpose: 'decision', decision: { route: 'approveDeposit', id: 'd1' } });
    expect(http.calls('PATCH /api/admin/deposits/:id/:method/approve').map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/deposits/d1/bitcoin/approve', undefined],
      ['/api/admin/deposits/d1/bitcoin/approve', { passkey }],
    ]);
    await decide('Decline deposit d1', 'Decline');
    await findSuccessToast('Deposit declined successfully.');
    expect(http.calls('POST /api/account/passkeys/challenge')).toHaveLength(1);
  });

  it('crediting earnings: bound to the user of the path, sent again under a new Idempotency-Key with the passkey', async () => {
    const i = investment({ id: 'i1', uid: 'u1', plan_id: 'p1' });
    http = stubHttp({
      'GET /api/admin/investments/all': page([i]),
      'POST /api/admin/earnings/:uid': needsPasskey(earning(), 201),
      'POST /api/account/passkeys/challenge': { body: { data: { challengeId: 'ch-d1', options } } },
    });
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse('cred-admin'));
    renderWithProviders(<TopEarningsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage earnings of Jane Doe (Gold)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage earnings: Jane Doe' });
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Credit earnings' })).getByRole('button', { name: 'Credit' }));
    await findSuccessToast('Earnings credited successfully!');
    expect(http.calls('POST /api/account/passkeys/challenge')[0]?.body).toEqual({ purpose: 'decision', decision: { route: 'creditEarnings', id: 'u1' } });
    const sent = http.calls('POST /api/admin/earnings/:uid');
    expect(sent.map((r) => r.body)).toEqual([
      { amount: 25, plan_id: 'p1', investment_id: 'i1' },
      { amount: 25, plan_id: 'p1', investment_id: 'i1', passkey },
    ]);
    expect(sent[1]?.headers.get('idempotency-key')).toBeTruthy();
    expect(sent[1]?.headers.get('idempotency-key')).not.toBe(sent[0]?.headers.get('idempotency-key'));
  });

  it('a cancelled passkey prompt leaves the decision undone and says so', async () => {
    const w = withdrawal({ id: 'w1', status: 'pending' });
    http = stubHttp({
      'GET /api/admin/withdrawals/all': byStatus([w]),
      'PATCH /api/admin/withdrawals/:id/decline': required,
      'POST /api/account/passkeys/challenge': { body: { data: { challengeId: 'ch-d1', options } } },
    });
    renderWithProviders(<PendingWithdrawalsScreen />);
    await decide('Decline withdrawal w1', 'Decline');
    await findErrorToast('The passkey request was cancelled or timed out.');
    expect(http.calls('PATCH /api/admin/withdrawals/:id/decline')).toHaveLength(1);
  });
});
