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
import { useChainStatus } from '../features/chain/queries';
import { userColumns, type NumberedUser } from '../features/users/usersColumns';
import { USERS_FAILED, useUsers } from '../features/users/queries';

const columns = [...userColumns.slice(0, 4), { key: 'balance', header: 'Balance', kind: 'money' as const }, { key: 'createdAt', header: 'Joined', kind: 'date' as const, serverSort: BY_DATE }];

const UsersHeading = styled.h2`
  margin: 8px 0 0;
  font-size: ${({ theme }) => theme.font.size.large};
`;

/** Overview: the platform's figures from the ledger's aggregates (solvency) with the chains' reserves, then the users a page at a time. */
export default function OverviewScreen() {
  const solvency = useApiQuery('solvency', undefined, { select: dataOf });
  // The chains' reserves beside what is owed (issue 26); without them (no chain watched, or the
  // read failed) the panel is as before: the Chains screen says why.
  const reserves = useChainStatus().data?.reserves;
  const users = useUsers();
  return (
    <Screen title="Overview">
      <ReadState query={solvency} fallback="Failed to fetch overview." loading="Loading overview">
        {(data) => <SolvencyPanel solvency={data} {...(reserves ? { reserves } : {})} />}
      </ReadState>
      <LiabilitiesPanel />
      <UsersHeading>Users</UsersHeading>
      <ReadState query={users} fallback={USERS_FAILED} loading="Loading users">
        {(rows) => <Table caption="Users" columns={columns} rows={numbered(rows)} getRowKey={(u: NumberedUser) => u.uid} {...users.table} />}
      </ReadState>
    </Screen>
  );
}
