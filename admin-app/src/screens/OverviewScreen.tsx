import styled from 'styled-components';
import { useApiQuery } from '@halcyon/api-client/react';
import { Table } from '@halcyon/shared-ui';
import { numbered } from '../lib/format';
import { ReadState } from '@halcyon/app-kit';
import { Screen } from '../lib/Screen';
import { dataOf } from '../lib/select';
import { BY_DATE } from '../lib/useList';
import { LiabilitiesPanel } from '../features/overview/LiabilitiesPanel';
import { SolvencyPanel } from '../features/overview/SolvencyPanel';
import { userColumns, type NumberedUser } from '../features/users/usersColumns';
import { USERS_FAILED, useUsers } from '../features/users/queries';

const columns = [...userColumns.slice(0, 4), { key: 'balance', header: 'Balance', kind: 'money' as const }, { key: 'createdAt', header: 'Joined', kind: 'date' as const, serverSort: BY_DATE }];

const UsersHeading = styled.h2`
  margin: 8px 0 0;
  font-size: ${({ theme }) => theme.font.size.large};
`;

/** Overview: the platform's figures from the ledger's aggregates (solvency), then the users a page at a time. */
export default function OverviewScreen() {
  const solvency = useApiQuery('solvency', undefined, { select: dataOf });
  const users = useUsers();
  return (
    <Screen title="Overview">
      <ReadState query={solvency} fallback="Failed to fetch overview." loading="Loading overview">
        {(data) => <SolvencyPanel solvency={data} />}
      </ReadState>
      <LiabilitiesPanel />
      <UsersHeading>Users</UsersHeading>
      <ReadState query={users} fallback={USERS_FAILED} loading="Loading users">
        {(rows) => <Table caption="Users" columns={columns} rows={numbered(rows)} getRowKey={(u: NumberedUser) => u.uid} {...users.table} />}
      </ReadState>
    </Screen>
  );
}
