import { useApiMutation, type Deposit } from '@halcyon/api-client';
import { Button, Table, formatMoney, methodLabel } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { RowActions } from '../lib/RowActions';
import { Screen } from '../lib/Screen';
import { useConfirmedAction } from '../lib/useConfirmedAction';
import { moneyColumns } from '../features/money/columns';
import { DEPOSITS_FAILED, DEPOSIT_CHANGES, useDeposits } from '../features/money/queries';

/** Pending deposits: approve (credits the deposit's method asset) or decline. */
export default function PendingDepositsScreen() {
  const deposits = useDeposits({ status: 'pending' });
  const approve = useApiMutation('approveDeposit', { invalidates: DEPOSIT_CHANGES });
  const decline = useApiMutation('declineDeposit', { invalidates: DEPOSIT_CHANGES });
  const { ask, isBusy, dialog } = useConfirmedAction();
  const what = (d: Deposit) => `${formatMoney(d.amount)} ${methodLabel(d.method)} deposit from ${d.user.name}`;

  const columns = [
    ...moneyColumns,
    {
      key: 'actions',
      header: 'Actions',
      render: (d: Deposit) => (
        <RowActions>
          <Button
            size="small"
            disabled={isBusy(`approve:${d.id}`) || isBusy(`decline:${d.id}`)}
            aria-label={`Approve deposit ${d.id}`}
            onClick={() =>
              ask({
                key: `approve:${d.id}`,
                title: 'Approve deposit',
                message: `Approve the ${what(d)}? Their ${methodLabel(d.method)} balance is credited.`,
                confirmLabel: 'Approve',
                run: () => approve.mutateAsync({ input: { params: { id: d.id, method: d.method } } }),
                messages: { success: 'Deposit approved successfully.', failure: 'Approval failed.' },
              })
            }
          >
            Approve
          </Button>
          <Button
            size="small"
            variant="secondary"
            disabled={isBusy(`approve:${d.id}`) || isBusy(`decline:${d.id}`)}
            aria-label={`Decline deposit ${d.id}`}
            onClick={() =>
              ask({
                key: `decline:${d.id}`,
                title: 'Decline deposit',
                message: `Decline the ${what(d)}? No money moves.`,
                confirmLabel: 'Decline',
                run: () => decline.mutateAsync({ input: { params: { id: d.id } } }),
                messages: { success: 'Deposit declined successfully.', failure: 'Decline failed.' },
              })
            }
          >
            Decline
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Screen title="Pending Deposits">
      <RemoteView query={deposits} fallback={DEPOSITS_FAILED} loadingLabel="Loading deposits">
        {(rows) => <Table caption="Pending deposits" columns={columns} rows={rows} getRowKey={(d: Deposit) => d.id} searchable pageSize={10} />}
      </RemoteView>
      {dialog}
    </Screen>
  );
}
