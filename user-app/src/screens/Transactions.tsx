import { useCallback } from 'react';
import { ErrorState, Loading, Table, capitalize, formatDate } from '@halcyon/shared-ui';
import { api, type Transaction } from '@halcyon/api-client';
import { BackLink } from '../features/navigation/BackLink';
import { useLoad } from '../lib/useLoad';
import { Heading, Page } from '../lib/ui';

/** Spec 2: earn entries and internal transfers are not shown in the investor's history. */
export const visibleTransactions = (rows: readonly Transaction[]) =>
  rows.filter((t) => t.type !== 'earn' && t.method !== 'transfer').sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** /user/transactions: Method, Type, Amount, Date, Status. */
export default function Transactions() {
  const fetchRows = useCallback(async () => visibleTransactions((await api.getTransactions()).data), []);
  const { data, loading, error, reload } = useLoad(fetchRows, 'Failed to fetch transactions.');

  return (
    <Page>
      <BackLink />
      <Heading>Transactions</Heading>
      {loading && !data ? <Loading label="Loading transactions..." /> : null}
      {error ? <ErrorState message={error} onRetry={() => void reload()} /> : null}
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
