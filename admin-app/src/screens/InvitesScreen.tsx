import { api, type AdminInvite } from '@halcyon/api-client';
import { Button, Table, toast } from '@halcyon/shared-ui';
import { newestFirst } from '../lib/format';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { useAction } from '../lib/useAction';
import { useRemote } from '../lib/useRemote';

type InviteRow = AdminInvite & { state: 'used' | 'expired' | 'active' };

function stateOf(invite: AdminInvite, now: number): InviteRow['state'] {
  if (invite.usedAt) return 'used';
  return Date.parse(invite.expiresAt) <= now ? 'expired' : 'active';
}

async function copy(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success('Invite code copied!');
  } catch {
    toast.error('Could not copy the code; select it and copy it by hand.');
  }
}

/** One-time invite codes that let a new admin register (deviations.md: no open admin sign-up). */
export default function InvitesScreen() {
  const invites = useRemote(async (signal) => {
    const now = Date.now();
    return newestFirst((await api.listInvites(undefined, { signal })).data).map((i): InviteRow => ({ ...i, state: stateOf(i, now) }));
  }, 'Failed to fetch invites.');
  const { run, isBusy } = useAction();

  const columns = [
    { key: 'code', header: 'Code', render: (i: InviteRow) => <code>{i.code}</code> },
    { key: 'createdAt', header: 'Created', kind: 'date' as const, sortable: true },
    { key: 'expiresAt', header: 'Expires', kind: 'date' as const, sortable: true },
    { key: 'state', header: 'Status', sortable: true, render: (i: InviteRow) => (i.state === 'used' ? 'Used' : i.state === 'expired' ? 'Expired' : 'Active') },
    { key: 'usedBy', header: 'Used by' },
    {
      key: 'actions',
      header: 'Actions',
      render: (i: InviteRow) =>
        i.state === 'active' ? (
          <Button size="small" variant="secondary" aria-label={`Copy code ${i.code}`} onClick={() => void copy(i.code)}>
            Copy
          </Button>
        ) : null,
    },
  ];

  const create = async () => {
    const ok = await run('create', () => api.createInvite(), { success: 'Invite code created!', failure: 'Failed to create invite.' });
    if (ok) await invites.reload();
  };

  return (
    <Screen
      title="Admin Invites"
      actions={
        <div>
          <Button loading={isBusy('create')} disabled={isBusy('create')} onClick={() => void create()}>
            Create invite code
          </Button>
        </div>
      }
    >
      <p>An invite code lets one new admin register at the admin registration page. It is valid for 7 days and works once.</p>
      <RemoteView remote={invites} loadingLabel="Loading invites">
        {(rows) => <Table caption="Admin invite codes" columns={columns} rows={rows} getRowKey={(i: InviteRow) => i.code} searchable pageSize={10} />}
      </RemoteView>
    </Screen>
  );
}
