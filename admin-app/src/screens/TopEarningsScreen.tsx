import { useState } from 'react';
import type { Investment } from '@halcyon/api-client';
import { Button, Table } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { useRemote } from '../lib/useRemote';
import { ManageEarningsModal } from '../features/earnings/ManageEarningsModal';
import { INVESTMENTS_FAILED, investmentColumns, loadInvestments } from '../features/investments/InvestmentsView';

/** Investments by earnings, highest first, each with Manage (credit or deduct earnings). */
export default function TopEarningsScreen() {
  const investments = useRemote(
    async (signal) => (await loadInvestments(undefined, signal)).filter((i) => i.status !== 'pending').sort((a, b) => b.earnings - a.earnings),
    INVESTMENTS_FAILED,
  );
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
    <Screen title="Top Earnings">
      <RemoteView remote={investments} loadingLabel="Loading earnings">
        {(rows) => <Table caption="Top earnings" columns={columns} rows={rows} getRowKey={(i: Investment) => i.id} searchable pageSize={10} />}
      </RemoteView>
      {managing && <ManageEarningsModal investment={managing} onClose={() => setManaging(null)} onDone={investments.reload} />}
    </Screen>
  );
}
