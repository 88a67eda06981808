import { ExportButton, ReadState } from '@halcyon/app-kit';
import type { Withdrawal } from '@halcyon/api-client/model';
import { Table } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';
import { withdrawalColumns } from '../features/money/columns';
import { WITHDRAWALS_FAILED, useWithdrawals } from '../features/money/queries';

/** Every withdrawal, newest first, with its destination and status. */
export default function WithdrawHistoryScreen() {
  const withdrawals = useWithdrawals();
  return (
    <Screen title="Withdraw History" actions={<ExportButton path="/admin/export/withdrawals" query={withdrawals.query} />}>
      <ReadState query={withdrawals} fallback={WITHDRAWALS_FAILED} loading="Loading withdrawals">
        {(rows) => <Table caption="Withdraw history" columns={withdrawalColumns} rows={rows} getRowKey={(w: Withdrawal) => w.id} {...withdrawals.table} />}
      </ReadState>
    </Screen>
  );
}
