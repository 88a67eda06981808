import { ExportButton, ReadState } from '@halcyon/app-kit';
import { useState } from 'react';
import type { Investment } from '@halcyon/api-client/model';
import { Button, Table } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';
import { ManageEarningsModal } from '../features/earnings/ManageEarningsModal';
import { investmentColumns } from '../features/investments/InvestmentsView';
import { INVESTMENTS_FAILED, useInvestments } from '../features/investments/queries';

/** Investments that earn (not pending), highest net earnings first: the server's order. */
const EARNING = { status: 'approved,processing,ended', sort: 'earnings' } as const;

/** Investments by earnings, highest first, each with Manage (credit or deduct earnings). */
export default function TopEarningsScreen() {
  const investments = useInvestments(EARNING);
  const [managing, setManaging] = useState<Investment | null>(null);

  const columns = [
    ...investmentColumns,
    {
      key: 'actions',
      header: 'Actions',
      render: (i: Investment) => (
        <Button size="small" aria-label={`Manage earnings of ${i.name} (${i.plan_name ?? 'plan'})`} onClick={() => setManaging(i)}>
          Manage
        </Button>
      ),
    },
  ];

  return (
    <Screen title="Top Earnings" actions={<ExportButton path="/admin/export/investments" query={investments.query} />}>
      <ReadState query={investments} fallback={INVESTMENTS_FAILED} loading="Loading earnings">
        {(rows) => <Table caption="Top earnings" columns={columns} rows={rows} getRowKey={(i: Investment) => i.id} {...investments.table} />}
      </ReadState>
      {managing && <ManageEarningsModal investment={managing} onClose={() => setManaging(null)} />}
    </Screen>
  );
}
