import { Link } from 'react-router';
import styled from 'styled-components';
import { Table, capitalize, formatDate } from '@halcyon/shared-ui';
import { useApiQuery, type ResponseOf, type Transaction } from '@halcyon/api-client';
import { BackLink } from '../features/navigation/BackLink';
import { ReadState } from '../lib/ReadState';
import { Heading, Page } from '../lib/ui';

/** Spec 2: earn entries and internal transfers are not shown in the investor's history. */
const visibleTransactions = (rows: readonly Transaction[]) =>
  rows.filter((t) => t.type !== 'earn' && t.method !== 'transfer').sort((a, b) => b.createdAt.localeCompare(a.createdAt));

const visibleOf = (res: ResponseOf<'getTransactions'>) => visibleTransactions(res.data);

/** /user/transactions: Method, Type, Amount, Date, Status. */
export default function Transactions() {
  const query = useApiQuery('getTransactions', undefined, { select: visibleOf });
  const { data } = query;

  return (
    <Page>
      <BackLink />
      <Heading>Transactions</Heading>
      <StatementLink to="/user/statement">See your full statement: every ledger entry with running balances</StatementLink>
      <ReadState query={query} fallback="Failed to fetch transactions." loading="Loading transactions..." />
      {data ? (
        <Table<Transaction>
          caption="Transaction history"
          rows={data}
          getRowKey={(t) => t.id}
          columns={[
            { key: 'method', header: 'Method', kind: 'method' },
            { key: 'type', header: 'Type', render: (t) => capitalize(t.type) },
            { key: 'amount', header: 'Amount', kind: 'money' },
            // Blank while pending: the date a request is decided is what counts.
            { key: 'createdAt', header: 'Date', render: (t) => (t.status === 'pending' ? <span /> : formatDate(t.createdAt)) },
            { key: 'status', header: 'Status', kind: 'status' },
          ]}
        />
      ) : null}
    </Page>
  );
}

const StatementLink = styled(Link)`
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.font.size.small};
`;
