import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session, SignIn } from '@halcyon/api-client/model';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../test/render';
import Security from './Security';

let http: HttpStub;
afterEach(() => http.restore());

const session = (over: Partial<Session>): Session => ({
  id: 'sess-current-1', device: 'Chrome on Windows', ip: '203.0.113.7', createdAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-25T09:00:00.000Z', current: true, ...over,
});
const phone = session({ id: 'sess-phone-22', device: 'Safari on iPhone', ip: '198.51.100.4', current: false });
const signIns: SignIn[] = [
  { at: '2026-11-25T08:00:00.000Z', device: 'Chrome on Windows', ip: '203.0.113.7', success: true },
  { at: '2026-11-24T22:00:00.000Z', device: 'Firefox on Linux', ip: '192.0.2.99', success: false },
];

describe('Security (/user/security)', () => {
  it('lists sessions (this device marked, not endable) and sign-ins with their result', async () => {
    http = stubHttp({ 'GET /api/account/sessions': ok([session({}), phone]), 'GET /api/account/sign-ins': ok(signIns) });
    renderWithProviders(<Security />, { route: '/user/security' });
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    expect(within(table).getByText('Chrome on Windows (this device)')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /End session/ })).toHaveLength(1);
    const history = await screen.findByRole('table', { name: 'Sign-in history' });
    expect(within(within(history).getByText('Firefox on Linux').closest('tr') as HTMLElement).getByText('Wrong password')).toBeInTheDocument();
    expect(within(within(history).getByText('203.0.113.7').closest('tr') as HTMLElement).getByText('Signed in')).toBeInTheDocument();
  });

  it('ends another session and shows the list without it; ends all others', async () => {
    http = stubHttp({
      'GET /api/account/sessions': ok([session({}), phone]),
      'GET /api/account/sign-ins': ok(signIns),
      'DELETE /api/account/sessions/:id': ok(undefined, 'Session ended.'),
    });
    renderWithProviders(<Security />, { route: '/user/security' });
    const end = await screen.findByRole('button', { name: 'End session on Safari on iPhone from 198.51.100.4' });
    http.on('GET /api/account/sessions', ok([session({})]));
    await userEvent.click(end);
    expect(await screen.findByText('Session ended.')).toBeInTheDocument();
    expect(http.calls('DELETE /api/account/sessions/:id').map((r) => r.path)).toEqual(['/api/account/sessions/sess-phone-22']);
    await screen.findByText('Chrome on Windows (this device)');
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).not.toBeInTheDocument();
  });

  it('a refused end shows the server\'s message; a failed read offers a retry', async () => {
    http = stubHttp({
      'GET /api/account/sessions': ok([session({}), phone]),
      'GET /api/account/sign-ins': fail(500, 'Database unavailable'),
      'GET /api/account/passkeys': ok([]),
      'POST /api/account/sessions/end-others': fail(404, 'No open session of yours has that id', 'SESSION_NOT_FOUND'),
    });
    renderWithProviders(<Security />, { route: '/user/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    expect(await screen.findByText('No open session of yours has that id')).toBeInTheDocument();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Security: two-factor', () => {
  it('sets up with the password, a QR code and a first code, then shows the ten recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_v, i) => `abcd${i}-efgh${i}`);
    http = stubHttp({
      'GET /api/account/sessions': ok([session({})]),
      'GET /api/account/sign-ins': ok(signIns),
      'GET /api/account/2fa': ok({ enabled: false, recoveryCodesLeft: 0 }),
      'POST /api/account/2fa/setup': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Halcyon:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Halcyon' }),
      'POST /api/account/2fa/enable': ok({ recoveryCodes: codes }, 'Two-factor authentication is on. Keep your recovery codes somewhere safe: each works once.'),
    });
    renderWithProviders(<Security />, { route: '/user/security' });
    // Without the password the set-up button stays off: a stolen session is not enough.
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your password'), 'Harbor-Lights-2291');
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByTitle('QR code for your authenticator app')).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    http.on('GET /api/account/2fa', ok({ enabled: true, recoveryCodesLeft: 10 }));
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(http.calls('POST /api/account/2fa/setup')[0]?.body).toEqual({ password: 'Harbor-Lights-2291' });
    expect(http.calls('POST /api/account/2fa/enable')[0]?.body).toEqual({ password: 'Harbor-Lights-2291', code: '123456' });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
  });

  it("the right first code closes the wrong one's toast (issue 29); the codes copy one a line and download as a .txt", async () => {
    const codes = Array.from({ length: 10 }, (_v, i) => `c4f8${i}-4917${i}`);
    http = stubHttp({
      'GET /api/account/sessions': ok([session({})]),
      'GET /api/account/sign-ins': ok(signIns),
      'GET /api/account/2fa': ok({ enabled: false, recoveryCodesLeft: 0 }),
      'POST /api/account/2fa/setup': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Halcyon:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Halcyon' }),
      'POST /api/account/2fa/enable': fail(400, 'That code is not valid. Use the current code, or one of your recovery codes.', 'TOTP_INVALID'),
    });
    const user = userEvent.setup();
    renderWithProviders(<Security />, { route: '/user/security' });
    const panel = within(await screen.findByRole('region', { name: 'Two-factor authentication' }));
    await user.type(await panel.findByLabelText('Your password'), 'Harbor-Lights-2291');
    await user.click(panel.getByRole('button', { name: 'Set up two-factor authentication' }));
    await user.type(await panel.findByLabelText('Code from the app'), '000000');
    await user.click(panel.getByRole('button', { name: 'Turn on' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('That code is not valid. Use the current code, or one of your recovery codes.')).toBeInTheDocument();
    http.on('POST /api/account/2fa/enable', ok({ recoveryCodes: codes }, 'Two-factor authentication is on. Keep your recovery codes somewhere safe: each works once.'));
    await user.clear(panel.getByLabelText('Code from the app'));
    await user.type(panel.getByLabelText('Code from the app'), '123456');
    await user.click(panel.getByRole('button', { name: 'Turn on' }));
    const list = await panel.findByRole('list', { name: 'Recovery codes' });
    expect(await within(toasts).findByText('Two-factor authentication is on. Keep your recovery codes somewhere safe: each works once.')).toBeInTheDocument();
    await waitFor(() => expect(within(toasts).queryByText(/That code is not valid/)).not.toBeInTheDocument());
    // One code a cell: the numbers are the list's, not in the codes' text.
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);

    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(panel.getByRole('button', { name: 'Copy' }));
    expect(await within(toasts).findByText('Recovery codes copied.')).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith(codes.join('\n'));
    // Without a clipboard (plain http, a refusing browser): say how else.
    write.mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(panel.getByRole('button', { name: 'Copy' }));
    expect(await within(toasts).findByText('Could not copy the codes: select them and copy them by hand, or download them.')).toBeInTheDocument();
    write.mockRestore();

    const files: Blob[] = [];
    Object.assign(URL, { createObjectURL: jest.fn((blob: Blob) => (files.push(blob), 'blob:codes')), revokeObjectURL: jest.fn() });
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await user.click(panel.getByRole('button', { name: 'Download' }));
    expect(names).toEqual(['halcyon-recovery-codes.txt']);
    expect(files[0]?.type).toBe('text/plain;charset=utf-8');
    expect(await files[0]?.text()).toBe(`Halcyon recovery codes\nEach works once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`);
    click.mockRestore();
  });

  it('turns off with the password and a code; a wrong code shows the server\'s message', async () => {
    http = stubHttp({
      'GET /api/account/sessions': ok([session({})]),
      'GET /api/account/sign-ins': ok(signIns),
      'GET /api/account/2fa': ok({ enabled: true, recoveryCodesLeft: 9 }),
      'POST /api/account/2fa/disable': fail(403, 'That code is not valid. Use the current code, or one of your recovery codes.', 'TOTP_INVALID'),
    });
    renderWithProviders(<Security />, { route: '/user/security' });
    await userEvent.type(await screen.findByLabelText('Code to turn it off'), '000000');
    expect(screen.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your password'), 'Harbor-Lights-2291');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(http.calls('POST /api/account/2fa/disable')[0]?.body).toEqual({ password: 'Harbor-Lights-2291', code: '000000' });
    expect(await screen.findByText('That code is not valid. Use the current code, or one of your recovery codes.')).toBeInTheDocument();
  });
});
