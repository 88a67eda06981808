import { ExportButton, ReadState } from '@halcyon/app-kit';
import type { EarningEntry } from '@halcyon/api-client/model';
import { Table, capitalize } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';
import { BY_DATE } from '../lib/useList';
import { EARNINGS_FAILED, useEarnings } from '../features/earnings/queries';

const columns = [
  { key: 'name', header: 'Name', render: (e: EarningEntry) => e.user.name },
  { key: 'email', header: 'Email', render: (e: EarningEntry) => e.user.email },
  { key: 'kind', header: 'Kind', render: (e: EarningEntry) => capitalize(e.kind) },
  { key: 'amount', header: 'Amount', kind: 'money' as const },
  { key: 'reason', header: 'Reason' },
  { key: 'actor', header: 'By', render: (e: EarningEntry) => (e.actor === 'system' ? 'System' : 'Admin') },
  { key: 'createdAt', header: 'Date', kind: 'date' as const, serverSort: BY_DATE },
];

/** Every earnings movement: admin credits and deductions (with reasons) and maturity payouts. */
export default function EarningHistoryScreen() {
  const earnings = useEarnings();
  return (
    <Screen title="Earning History" actions={<ExportButton path="/admin/export/earnings" query={earnings.query} />}>
      <ReadState query={earnings} fallback={EARNINGS_FAILED} loading="Loading earnings">
        {(rows) => <Table caption="Earning history" columns={columns} rows={rows} getRowKey={(e: EarningEntry) => e.id} {...earnings.table} />}
      </ReadState>
    </Screen>
  );
}
