import type { Deposit } from '@halcyon/api-client';
import { Table } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { useRemote } from '../lib/useRemote';
import { moneyColumns } from '../features/money/columns';
import { DEPOSITS_FAILED, loadDeposits } from '../features/money/deposits';

/** Every deposit, newest first, with its status. */
export default function DepositHistoryScreen() {
  const deposits = useRemote(loadDeposits, DEPOSITS_FAILED);
  return (
    <Screen title="Deposit History">
      <RemoteView remote={deposits} loadingLabel="Loading deposits">
        {(rows) => <Table caption="Deposit history" columns={moneyColumns} rows={rows} getRowKey={(d: Deposit) => d.id} searchable pageSize={10} />}
      </RemoteView>
    </Screen>
  );
}
