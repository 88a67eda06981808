import { ExportButton } from '@halcyon/app-kit';
import type { Withdrawal } from '@halcyon/api-client/model';
import { Table } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { withdrawalColumns } from '../features/money/columns';
import { WITHDRAWALS_FAILED, useWithdrawals } from '../features/money/queries';

/** Every withdrawal, newest first, with its destination and status. */
export default function WithdrawHistoryScreen() {
  const withdrawals = useWithdrawals();
  return (
    <Screen title="Withdraw History" actions={<ExportButton path="/admin/export/withdrawals" query={withdrawals.query} />}>
      <RemoteView query={withdrawals} fallback={WITHDRAWALS_FAILED} loadingLabel="Loading withdrawals">
        {(rows) => <Table caption="Withdraw history" columns={withdrawalColumns} rows={rows} getRowKey={(w: Withdrawal) => w.id} {...withdrawals.table} />}
      </RemoteView>
    </Screen>
  );
}
