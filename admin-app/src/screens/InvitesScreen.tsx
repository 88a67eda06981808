import type { AdminInvite } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, Table } from '@halcyon/shared-ui';
import { ReadState, withToasts } from '@halcyon/app-kit';
import { copyText } from '../lib/copy';
import { Screen } from '../lib/Screen';
import { BY_DATE, useList } from '../lib/useList';

type InviteRow = AdminInvite & { state: 'used' | 'expired' | 'active' };

function stateOf(invite: AdminInvite, now: number): InviteRow['state'] {
  if (invite.usedAt) return 'used';
  return Date.parse(invite.expiresAt) <= now ? 'expired' : 'active';
}

/** Active, used or expired as of now (rendering again re-checks expiry). */
function withStates(invites: readonly AdminInvite[]): InviteRow[] {
  const now = Date.now();
  return invites.map((i) => ({ ...i, state: stateOf(i, now) }));
}

/** One-time invite codes that let a new admin register (deviations.md: no open admin sign-up). */
export default function InvitesScreen() {
  const invites = useList('listInvites');
  const create = useApiMutation('createInvite', { invalidates: ['listInvites'] });

  const columns = [
    { key: 'code', header: 'Code', render: (i: InviteRow) => <code>{i.code}</code> },
    { key: 'createdAt', header: 'Created', kind: 'date' as const, serverSort: BY_DATE },
    { key: 'expiresAt', header: 'Expires', kind: 'date' as const },
    { key: 'state', header: 'Status', render: (i: InviteRow) => (i.state === 'used' ? 'Used' : i.state === 'expired' ? 'Expired' : 'Active') },
    { key: 'usedBy', header: 'Used by' },
    {
      key: 'actions',
      header: 'Actions',
      render: (i: InviteRow) =>
        i.state === 'active' ? (
          <Button size="small" variant="secondary" aria-label={`Copy code ${i.code}`} onClick={() => void copyText(i.code, 'Invite code copied!', 'code')}>
            Copy
          </Button>
        ) : null,
    },
  ];

  return (
    <Screen
      title="Admin Invites"
      actions={
        <div>
          <Button
            loading={create.isPending}
            disabled={create.isPending}
            onClick={() => void withToasts({ success: 'Invite code created!', failure: 'Failed to create invite.' }, () => create.mutateAsync({}))}
          >
            Create invite code
          </Button>
        </div>
      }
    >
      <p>An invite code lets one new admin register at the admin registration page. It is valid for 7 days and works once.</p>
      <ReadState query={invites} fallback="Failed to fetch invites." loading="Loading invites">
        {(rows) => <Table caption="Admin invite codes" columns={columns} rows={withStates(rows)} getRowKey={(i: InviteRow) => i.code} {...invites.table} />}
      </ReadState>
    </Screen>
  );
}
