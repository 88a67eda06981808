import { api, type Withdrawal } from '@halcyon/api-client';
import { Button, Table, formatMoney, methodLabel } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { RowActions } from '../lib/RowActions';
import { Screen } from '../lib/Screen';
import { useConfirmedAction } from '../lib/useConfirmedAction';
import { useRemote } from '../lib/useRemote';
import { moneyColumns } from '../features/money/columns';
import { WITHDRAWALS_ACTION_FAILED, WITHDRAWALS_FAILED, loadWithdrawals } from '../features/money/withdrawals';

const OPEN = new Set<Withdrawal['status']>(['pending', 'processing']);
const columns = [...moneyColumns.slice(0, 3), { key: 'address', header: 'Address' }, ...moneyColumns.slice(3)];

type Decision = 'approve' | 'decline' | 'processing';

const DECISIONS: Record<Decision, { label: string; title: string; effect: string; success: string; call: (id: string) => Promise<unknown> }> = {
  approve: {
    label: 'Approve',
    title: 'Approve withdrawal',
    effect: 'The held funds are paid out.',
    success: 'Withdrawal approved successfully.',
    call: (id) => api.approveWithdrawal({ params: { id } }),
  },
  decline: {
    label: 'Decline',
    title: 'Decline withdrawal',
    effect: 'The held funds go back to the user.',
    success: 'Withdrawal declined successfully.',
    call: (id) => api.declineWithdrawal({ params: { id } }),
  },
  processing: {
    label: 'Processing',
    title: 'Mark withdrawal as processing',
    effect: 'The funds stay held until you approve or decline.',
    success: 'Withdrawal processed successfully.',
    call: (id) => api.processWithdrawal({ params: { id } }),
  },
};

/** Pending (and processing) withdrawals: approve, decline or mark processing. */
export default function PendingWithdrawalsScreen() {
  const withdrawals = useRemote(async (signal) => (await loadWithdrawals(signal)).filter((w) => OPEN.has(w.status)), WITHDRAWALS_FAILED);
  const { ask, isBusy, dialog } = useConfirmedAction();
  const busy = (w: Withdrawal) => (Object.keys(DECISIONS) as Decision[]).some((d) => isBusy(`${d}:${w.id}`));

  const button = (w: Withdrawal, decision: Decision) => {
    const d = DECISIONS[decision];
    return (
      <Button
        key={decision}
        size="small"
        variant={decision === 'approve' ? 'primary' : 'secondary'}
        disabled={busy(w) || (decision === 'processing' && w.status === 'processing')}
        aria-label={`${d.label} withdrawal ${w.id}`}
        onClick={() =>
          ask({
            key: `${decision}:${w.id}`,
            title: d.title,
            message: `${d.label}: ${formatMoney(w.amount)} ${methodLabel(w.method)} withdrawal of ${w.user.name}? ${d.effect}`,
            confirmLabel: d.label,
            action: () => d.call(w.id),
            messages: { success: d.success, failure: WITHDRAWALS_ACTION_FAILED },
            onDone: withdrawals.reload,
          })
        }
      >
        {d.label}
      </Button>
    );
  };

  const withActions = [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      render: (w: Withdrawal) => <RowActions>{(['approve', 'decline', 'processing'] as const).map((d) => button(w, d))}</RowActions>,
    },
  ];

  return (
    <Screen title="Pending Withdrawals">
      <RemoteView remote={withdrawals} loadingLabel="Loading withdrawals">
        {(rows) => <Table caption="Pending withdrawals" columns={withActions} rows={rows} getRowKey={(w: Withdrawal) => w.id} searchable pageSize={10} />}
      </RemoteView>
      {dialog}
    </Screen>
  );
}
