import type { Withdrawal } from '@halcyon/api-client';
import { Table } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { useRemote } from '../lib/useRemote';
import { moneyColumns } from '../features/money/columns';
import { WITHDRAWALS_FAILED, loadWithdrawals } from '../features/money/withdrawals';

const columns = [...moneyColumns.slice(0, 3), { key: 'address', header: 'Address' }, ...moneyColumns.slice(3)];

/** Every withdrawal, newest first, with its destination and status. */
export default function WithdrawHistoryScreen() {
  const withdrawals = useRemote(loadWithdrawals, WITHDRAWALS_FAILED);
  return (
    <Screen title="Withdraw History">
      <RemoteView remote={withdrawals} loadingLabel="Loading withdrawals">
        {(rows) => <Table caption="Withdraw history" columns={columns} rows={rows} getRowKey={(w: Withdrawal) => w.id} searchable pageSize={10} />}
      </RemoteView>
    </Screen>
  );
}
