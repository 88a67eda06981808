import { api } from '@halcyon/api-client';
import { Button, Table } from '@halcyon/shared-ui';
import { numbered } from '../lib/format';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { useAction } from '../lib/useAction';
import { useConfirmedAction } from '../lib/useConfirmedAction';
import { useRemote } from '../lib/useRemote';
import { USERS_FAILED, loadUsers, userColumns, type NumberedUser } from '../features/users/usersColumns';
import { RowActions } from '../lib/RowActions';

/** All users: delete (closes the account, ledger kept) and send a password-reset link. */
export default function AllUsersScreen() {
  const users = useRemote(loadUsers, USERS_FAILED);
  const { ask, isBusy, dialog } = useConfirmedAction();
  const reset = useAction();

  const columns = [
    ...userColumns,
    {
      key: 'actions',
      header: 'Actions',
      render: (user: NumberedUser) => (
        <RowActions>
          <Button
            size="small"
            disabled={isBusy(`delete:${user.uid}`)}
            aria-label={`Delete ${user.name}`}
            onClick={() =>
              ask({
                key: `delete:${user.uid}`,
                title: 'Delete user',
                message: `Delete ${user.name} (${user.email})? They can no longer log in; their ledger is kept.`,
                confirmLabel: 'Delete',
                action: () => api.deleteUser({ params: { uid: user.uid } }),
                messages: { success: 'User deleted successfully.', failure: 'Failed to delete user.' },
                onDone: users.reload,
              })
            }
          >
            Delete
          </Button>
          <Button
            size="small"
            variant="secondary"
            disabled={reset.isBusy(user.uid)}
            aria-label={`Send reset link to ${user.name}`}
            onClick={() =>
              void reset.run(user.uid, () => api.sendUserPasswordReset({ params: { uid: user.uid } }), {
                success: 'Password reset link sent.',
                failure: 'Failed to send reset link.',
              })
            }
          >
            Send reset link
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Screen title="All Users">
      <RemoteView remote={users} loadingLabel="Loading users">
        {(rows) => <Table caption="All users" columns={columns} rows={numbered(rows)} getRowKey={(u: NumberedUser) => u.uid} searchable pageSize={10} />}
      </RemoteView>
      {dialog}
    </Screen>
  );
}
