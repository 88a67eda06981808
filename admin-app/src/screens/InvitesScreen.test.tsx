import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { invite } from '../test/fixtures';
import { networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import InvitesScreen from './InvitesScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('InvitesScreen', () => {
  it('lists codes with their status and copies an active one', async () => {
    http = stubHttp({
      'GET /api/admin/invites': page([
        invite({ code: 'ACTIVE-1' }),
        invite({ code: 'USED-1', usedAt: '2026-11-02T00:00:00.000Z', usedBy: 'new@halcyon.test' }),
        invite({ code: 'OLD-1', expiresAt: '2020-01-01T00:00:00.000Z' }),
      ]),
    });
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    renderWithProviders(<InvitesScreen />);
    const table = await screen.findByRole('table');
    expect(within(within(table).getByText('ACTIVE-1').closest('tr') as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(within(table).getByText('USED-1').closest('tr') as HTMLElement).getByText('Used')).toBeInTheDocument();
    expect(within(within(table).getByText('OLD-1').closest('tr') as HTMLElement).getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy code USED-1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy code ACTIVE-1' }));
    expect(writeText).toHaveBeenCalledWith('ACTIVE-1');
    await findSuccessToast('Invite code copied!');
  });

  it('creates a code and shows it in the refreshed list', async () => {
    http = stubHttp({ 'GET /api/admin/invites': page([]), 'POST /api/admin/invites': networkError });
    renderWithProviders(<InvitesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create invite code' }));
    await findErrorToast('Failed to create invite.');

    http.on('POST /api/admin/invites', { status: 201, body: { data: invite({ code: 'FRESH-9' }) } }).on('GET /api/admin/invites', page([invite({ code: 'FRESH-9' })]));
    await userEvent.click(screen.getByRole('button', { name: 'Create invite code' }));
    await findSuccessToast('Invite code created!');
    expect(await screen.findByText('FRESH-9')).toBeInTheDocument();
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/admin/invites', 'POST /api/admin/invites']);
  });
});
