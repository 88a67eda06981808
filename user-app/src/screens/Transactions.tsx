import { ExportButton, ReadState, TxidLink } from '@halcyon/app-kit';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Table, capitalize, formatDate, Heading, Page, Row, StatusBadge } from '@halcyon/shared-ui';
import type { Transaction } from '@halcyon/api-client/model';
import { useApiPages } from '@halcyon/api-client/react';
import { BackLink } from '../features/navigation/BackLink';
import { PayoutStatus, StatusStack } from '../features/withdrawals/PayoutStatus';

/**
 * Spec 2: the investor's history is their requests (deposits, withdrawals, investments); earn
 * entries and internal transfers are ledger movements, which the server leaves out for `origin=request`.
 */
const REQUESTS = { origin: 'request' } as const;

/** /user/transactions: Method, Type, Amount, Date, Status; newest first, a page at a time. */
export default function Transactions() {
  const query = useApiPages('getTransactions', REQUESTS);
  const { data } = query;

  return (
    <Page>
      <BackLink />
      <Heading>Transactions</Heading>
      <Row>
        <StatementLink to="/user/statement">See your full statement: every ledger entry with running balances</StatementLink>
        <ExportButton path="/user/export/transactions" query={REQUESTS} />
      </Row>
      <ReadState query={query} fallback="Failed to fetch transactions." loading="Loading transactions..." />
      {data ? (
        <Table<Transaction>
          caption="Transaction history"
          rows={data}
          getRowKey={(t) => t.id}
          hasMore={query.hasNextPage}
          onLoadMore={query.fetchNextPage}
          loadingMore={query.isFetchingNextPage}
          columns={[
            { key: 'method', header: 'Method', kind: 'method' },
            { key: 'type', header: 'Type', render: (t) => capitalize(t.type) },
            { key: 'amount', header: 'Amount', kind: 'money' },
            // Blank while pending: the date a request is decided is what counts.
            { key: 'createdAt', header: 'Date', render: (t) => (t.status === 'pending' ? <span /> : formatDate(t.createdAt)) },
            // A deposit credited from the chain (issue 26) also shows the transaction that paid it, a
            // withdrawal paid on the chain its payout (issue 27); the spec's five columns stay.
            { key: 'status', header: 'Status', render: (t) => (t.payout ? <PayoutStatus status={t.status} payout={t.payout} /> : t.txid ? <Paid status={t.status} txid={t.txid} explorerUrl={t.explorerUrl ?? null} /> : <StatusBadge status={t.status} />) },
          ]}
        />
      ) : null}
    </Page>
  );
}

/** The status, and under it the paying transaction: its short id, linking the block explorer when there is one. */
function Paid({ status, txid, explorerUrl }: { status: string; txid: string; explorerUrl: string | null }) {
  return (
    <StatusStack>
      <StatusBadge status={status} />
      <span>
        Tx <TxidLink txid={txid} explorerUrl={explorerUrl} />
      </span>
    </StatusStack>
  );
}

const StatementLink = styled(Link)`
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.font.size.small};
`;
