import { ExportButton, ReadState, withToasts } from '@halcyon/app-kit';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, Table } from '@halcyon/shared-ui';
import { numbered } from '../lib/format';
import { ConfirmButton } from '../lib/ConfirmButton';
import { actionsColumn } from '../lib/RowActions';
import { Screen } from '../lib/Screen';
import { useConfirmedAction } from '../lib/useConfirmedAction';
import { userColumns, type NumberedUser } from '../features/users/usersColumns';
import { TwoFactorResetButton } from '../features/users/TwoFactorResetButton';
import { USERS_FAILED, useUsers } from '../features/users/queries';

/** All users: delete (closes the account, ledger kept), send a password-reset link, reset two-factor (the user confirms by mail). */
export default function AllUsersScreen() {
  const users = useUsers();
  // Closing an account changes the users list and the overview's Total Users.
  const remove = useApiMutation('deleteUser', { invalidates: ['listUsers', 'solvency'] });
  const reset = useApiMutation('sendUserPasswordReset');
  const confirm = useConfirmedAction();

  const columns = [
    ...userColumns,
    actionsColumn((user: NumberedUser) => (
      <>
        <ConfirmButton
          confirm={confirm}
          name={`Delete ${user.name}`}
          // Not the loudest button of the table (issue 29): an outline, and it asks first.
          variant="danger"
          action={{
            key: `delete:${user.uid}`,
            title: 'Delete user',
            message: `Delete ${user.name} (${user.email})? They can no longer log in; their ledger is kept.`,
            confirmLabel: 'Delete',
            run: () => remove.mutateAsync({ input: { params: { uid: user.uid } } }),
            messages: { success: 'User deleted successfully.', failure: 'Failed to delete user.' },
          }}
        >
          Delete
        </ConfirmButton>
        <Button
          size="small"
          variant="secondary"
          disabled={reset.isPending && reset.variables?.input?.params.uid === user.uid}
          aria-label={`Send reset link to ${user.name}`}
          onClick={() =>
            void withToasts({
              success: 'Password reset link sent.',
              failure: 'Failed to send reset link.',
            }, () => reset.mutateAsync({ input: { params: { uid: user.uid } } }))
          }
        >
          Send reset link
        </Button>
        <TwoFactorResetButton user={user} />
      </>
    )),
  ];

  return (
    <Screen title="All Users" actions={<ExportButton path="/admin/export/users" query={users.query} />}>
      <ReadState query={users} fallback={USERS_FAILED} loading="Loading users">
        {(rows) => <Table caption="All users" columns={columns} rows={numbered(rows)} getRowKey={(u: NumberedUser) => u.uid} {...users.table} />}
      </ReadState>
      {confirm.dialog}
    </Screen>
  );
}
