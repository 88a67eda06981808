import { ExportButton, ReadState } from '@halcyon/app-kit';
import type { Withdrawal } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Table, formatMoney, methodLabel } from '@halcyon/shared-ui';
import { ConfirmButton } from '../lib/ConfirmButton';
import { actionsColumn } from '../lib/RowActions';
import { Screen } from '../lib/Screen';
import { useConfirmedAction } from '../lib/useConfirmedAction';
import { withdrawalColumns } from '../features/money/columns';
import { WITHDRAWALS_ACTION_FAILED, WITHDRAWALS_FAILED, WITHDRAWAL_CHANGES, useWithdrawals } from '../features/money/queries';

/** The server's filter: a processing withdrawal can still be approved or declined. */
const OPEN = { status: 'pending,processing' } as const;

type Decision = 'approve' | 'decline' | 'processing';

const DECISIONS: Record<Decision, { label: string; title: string; effect: string; success: string }> = {
  approve: {
    label: 'Approve',
    title: 'Approve withdrawal',
    effect: 'The held funds are paid out.',
    success: 'Withdrawal approved successfully.',
  },
  decline: {
    label: 'Decline',
    title: 'Decline withdrawal',
    effect: 'The held funds go back to the user.',
    success: 'Withdrawal declined successfully.',
  },
  processing: {
    label: 'Processing',
    title: 'Mark withdrawal as processing',
    effect: 'The funds stay held until you approve or decline.',
    success: 'Withdrawal processed successfully.',
  },
};

/** Pending (and processing) withdrawals: approve, decline or mark processing. */
export default function PendingWithdrawalsScreen() {
  const withdrawals = useWithdrawals(OPEN);
  const changes = { invalidates: WITHDRAWAL_CHANGES };
  const calls = { approve: useApiMutation('approveWithdrawal', changes), decline: useApiMutation('declineWithdrawal', changes), processing: useApiMutation('processWithdrawal', changes) };
  const confirm = useConfirmedAction();
  const busy = (w: Withdrawal) => (Object.keys(DECISIONS) as Decision[]).some((d) => confirm.isBusy(`${d}:${w.id}`));

  const button = (w: Withdrawal, decision: Decision) => {
    const d = DECISIONS[decision];
    return (
      <ConfirmButton
        key={decision}
        confirm={confirm}
        name={`${d.label} withdrawal ${w.id}`}
        variant={decision === 'approve' ? 'primary' : 'secondary'}
        disabled={busy(w) || (decision === 'processing' && w.status === 'processing')}
        action={{
          key: `${decision}:${w.id}`,
          title: d.title,
          message: `${d.label}: ${formatMoney(w.amount)} ${methodLabel(w.method)} withdrawal of ${w.user.name}? ${d.effect}`,
          confirmLabel: d.label,
          run: () => calls[decision].mutateAsync({ input: { params: { id: w.id } } }),
          messages: { success: d.success, failure: WITHDRAWALS_ACTION_FAILED },
        }}
      >
        {d.label}
      </ConfirmButton>
    );
  };

  const withActions = [...withdrawalColumns, actionsColumn((w: Withdrawal) => (['approve', 'decline', 'processing'] as const).map((d) => button(w, d)))];

  return (
    <Screen title="Pending Withdrawals" actions={<ExportButton path="/admin/export/withdrawals" query={withdrawals.query} />}>
      <ReadState query={withdrawals} fallback={WITHDRAWALS_FAILED} loading="Loading withdrawals">
        {(rows) => <Table caption="Pending withdrawals" columns={withActions} rows={rows} getRowKey={(w: Withdrawal) => w.id} {...withdrawals.table} />}
      </ReadState>
      {confirm.dialog}
    </Screen>
  );
}
