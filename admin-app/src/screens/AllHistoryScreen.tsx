import { ExportButton, ReadState } from '@halcyon/app-kit';
import type { Transaction } from '@halcyon/api-client/model';
import { Table } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';
import { transactionColumns } from '../features/money/columns';
import { TRANSACTIONS_FAILED, useAllTransactions } from '../features/money/queries';

/** Every transaction of every user, earnings and transfers included (nothing hidden from admins). */
export default function AllHistoryScreen() {
  const transactions = useAllTransactions();
  return (
    <Screen title="All History" actions={<ExportButton path="/admin/export/transactions" query={transactions.query} />}>
      <ReadState query={transactions} fallback={TRANSACTIONS_FAILED} loading="Loading transactions">
        {(rows) => <Table caption="All transactions history" columns={transactionColumns} rows={rows} getRowKey={(t: Transaction) => t.id} {...transactions.table} />}
      </ReadState>
    </Screen>
  );
}
