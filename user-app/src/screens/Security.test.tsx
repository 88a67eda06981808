import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session, SignIn } from '@halcyon/api-client';
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
      'POST /api/account/sessions/end-others': fail(404, 'No open session of yours has that id', 'SESSION_NOT_FOUND'),
    });
    renderWithProviders(<Security />, { route: '/user/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    expect(await screen.findByText('No open session of yours has that id')).toBeInTheDocument();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
