import { ExportButton, ReadState } from '@halcyon/app-kit';
import type { Deposit } from '@halcyon/api-client/model';
import { Table } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';
import { depositHistoryColumns } from '../features/money/columns';
import { DEPOSITS_FAILED, useDeposits } from '../features/money/queries';

/** Every deposit, newest first, with its status (and, paid on the chain, its transaction). */
export default function DepositHistoryScreen() {
  const deposits = useDeposits();
  return (
    <Screen title="Deposit History" actions={<ExportButton path="/admin/export/deposits" query={deposits.query} />}>
      <ReadState query={deposits} fallback={DEPOSITS_FAILED} loading="Loading deposits">
        {(rows) => <Table caption="Deposit history" columns={depositHistoryColumns} rows={rows} getRowKey={(d: Deposit) => d.id} {...deposits.table} />}
      </ReadState>
    </Screen>
  );
}
