import type { EarningEntry } from '@halcyon/api-client';
import { Table, capitalize } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { EARNINGS_FAILED, useEarnings } from '../features/earnings/queries';

const columns = [
  { key: 'name', header: 'Name', sortable: true, render: (e: EarningEntry) => e.user.name },
  { key: 'email', header: 'Email', sortable: true, render: (e: EarningEntry) => e.user.email },
  { key: 'kind', header: 'Kind', sortable: true, render: (e: EarningEntry) => capitalize(e.kind) },
  { key: 'amount', header: 'Amount', kind: 'money' as const, sortable: true },
  { key: 'reason', header: 'Reason' },
  { key: 'actor', header: 'By', render: (e: EarningEntry) => (e.actor === 'system' ? 'System' : 'Admin') },
  { key: 'createdAt', header: 'Date', kind: 'date' as const, sortable: true },
];

/** Every earnings movement: admin credits and deductions (with reasons) and maturity payouts. */
export default function EarningHistoryScreen() {
  const earnings = useEarnings();
  return (
    <Screen title="Earning History">
      <RemoteView query={earnings} fallback={EARNINGS_FAILED} loadingLabel="Loading earnings">
        {(rows) => <Table caption="Earning history" columns={columns} rows={rows} getRowKey={(e: EarningEntry) => e.id} searchable pageSize={15} />}
      </RemoteView>
    </Screen>
  );
}
