import styled from 'styled-components';
import { api } from '@halcyon/api-client';
import { Table } from '@halcyon/shared-ui';
import { numbered } from '../lib/format';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { useRemote } from '../lib/useRemote';
import { SolvencyPanel } from '../features/overview/SolvencyPanel';
import { USERS_FAILED, loadUsers, userColumns, type NumberedUser } from '../features/users/usersColumns';

const columns = [...userColumns.slice(0, 4), { key: 'balance', header: 'Balance', kind: 'money' as const, sortable: true }, { key: 'createdAt', header: 'Joined', kind: 'date' as const, sortable: true }];

const UsersHeading = styled.h2`
  margin: 8px 0 0;
  font-size: ${({ theme }) => theme.font.size.large};
`;

/** Overview: the platform's figures from the ledger, then the users table. */
export default function OverviewScreen() {
  const solvency = useRemote(async (signal) => (await api.solvency(undefined, { signal })).data, 'Failed to fetch overview.');
  const users = useRemote(loadUsers, USERS_FAILED);
  return (
    <Screen title="Overview">
      <RemoteView remote={solvency} loadingLabel="Loading overview">
        {(data) => <SolvencyPanel solvency={data} />}
      </RemoteView>
      <UsersHeading>Users</UsersHeading>
      <RemoteView remote={users} loadingLabel="Loading users">
        {(rows) => <Table caption="Users" columns={columns} rows={numbered(rows)} getRowKey={(u: NumberedUser) => u.uid} searchable pageSize={10} />}
      </RemoteView>
    </Screen>
  );
}
