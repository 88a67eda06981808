import type { Transaction } from '@halcyon/api-client';
import { Table, capitalize } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { moneyColumns } from '../features/money/columns';
import { TRANSACTIONS_FAILED, useAllTransactions } from '../features/money/queries';

const columns = [
  ...moneyColumns.slice(0, 2),
  { key: 'type', header: 'Type', sortable: true, render: (t: Transaction) => capitalize(t.type) },
  ...moneyColumns.slice(2),
];

/** Every transaction of every user, earnings and transfers included (nothing hidden from admins). */
export default function AllHistoryScreen() {
  const transactions = useAllTransactions();
  return (
    <Screen title="All History">
      <RemoteView query={transactions} fallback={TRANSACTIONS_FAILED} loadingLabel="Loading transactions">
        {(rows) => <Table caption="All transactions history" columns={columns} rows={rows} getRowKey={(t: Transaction) => t.id} searchable pageSize={15} />}
      </RemoteView>
    </Screen>
  );
}
