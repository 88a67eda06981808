import { useState } from 'react';
import type { Investment } from '@halcyon/api-client';
import { Button, Table } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { ManageEarningsModal } from '../features/earnings/ManageEarningsModal';
import { investmentColumns } from '../features/investments/InvestmentsView';
import { INVESTMENTS_FAILED, useInvestments } from '../features/investments/queries';

/** Investments that earn (not pending), highest earnings first. */
const byEarnings = (rows: readonly Investment[]) => rows.filter((i) => i.status !== 'pending').sort((a, b) => b.earnings - a.earnings);

/** Investments by earnings, highest first, each with Manage (credit or deduct earnings). */
export default function TopEarningsScreen() {
  // The same cached read as the Investments screen, ordered here.
  const investments = useInvestments();
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
      <RemoteView query={investments} fallback={INVESTMENTS_FAILED} loadingLabel="Loading earnings">
        {(rows) => <Table caption="Top earnings" columns={columns} rows={byEarnings(rows)} getRowKey={(i: Investment) => i.id} searchable pageSize={10} />}
      </RemoteView>
      {managing && <ManageEarningsModal investment={managing} onClose={() => setManaging(null)} />}
    </Screen>
  );
}
