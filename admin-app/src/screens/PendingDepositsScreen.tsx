import { ExportButton, ReadState } from '@halcyon/app-kit';
import type { Deposit } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Muted, Table, formatMoney, methodLabel } from '@halcyon/shared-ui';
import styled from 'styled-components';
import { ConfirmButton } from '../lib/ConfirmButton';
import { actionsColumn } from '../lib/RowActions';
import { Screen } from '../lib/Screen';
import { useConfirmedAction } from '../lib/useConfirmedAction';
import { moneyColumns } from '../features/money/columns';
import { DEPOSITS_FAILED, DEPOSIT_CHANGES, useDeposits } from '../features/money/queries';

type Decision = 'approve' | 'decline';

const DECISIONS: Record<Decision, { label: string; title: string; effect: (d: Deposit) => string; messages: { success: string; failure: string } }> = {
  approve: {
    label: 'Approve',
    title: 'Approve deposit',
    effect: (d) => `Their ${methodLabel(d.method)} balance is credited.`,
    messages: { success: 'Deposit approved successfully.', failure: 'Approval failed.' },
  },
  decline: { label: 'Decline', title: 'Decline deposit', effect: () => 'No money moves.', messages: { success: 'Deposit declined successfully.', failure: 'Decline failed.' } },
};

/**
 * A quote on a watched chain is the chain's to credit (docs/chain.md): it can only be declined, and
 * only while no payment is on the chain. What the admin sees instead of Approve.
 */
function chainState(d: Deposit): { decisions: Decision[]; note: string } | null {
  const p = d.payment;
  if (!p) return null;
  const open = p.state === 'waiting' || p.state === 'expired';
  const note =
    p.state === 'waiting' ? `Waiting for ${p.cryptoAmount} ${p.coin} on the chain`
    : p.state === 'expired' ? 'Quote expired, nothing paid'
    : p.state === 'seen' ? `Paid on the chain: ${p.confirmations} of ${p.confirmationsRequired} confirmations`
    : p.state === 'orphaned' ? 'Its payment left the chain'
    : 'Credited from the chain';
  return { decisions: open ? ['decline'] : [], note };
}

/** The server's filter: only what waits for a decision. */
const PENDING = { status: 'pending' } as const;

/** Pending deposits: approve (credits the deposit's method asset) or decline. */
export default function PendingDepositsScreen() {
  const deposits = useDeposits(PENDING);
  const calls = { approve: useApiMutation('approveDeposit', { invalidates: DEPOSIT_CHANGES }), decline: useApiMutation('declineDeposit', { invalidates: DEPOSIT_CHANGES }) };
  const confirm = useConfirmedAction();
  const busy = (d: Deposit) => (Object.keys(DECISIONS) as Decision[]).some((k) => confirm.isBusy(`${k}:${d.id}`));
  // The declined deposit's path has no method: only approving credits a method's balance.
  const run = (d: Deposit, decision: Decision) =>
    decision === 'approve' ? calls.approve.mutateAsync({ input: { params: { id: d.id, method: d.method } } }) : calls.decline.mutateAsync({ input: { params: { id: d.id } } });

  const columns = [
    ...moneyColumns,
    actionsColumn((d: Deposit) => {
      const chain = chainState(d);
      const buttons = (chain?.decisions ?? (Object.keys(DECISIONS) as Decision[])).map((decision) => {
        const def = DECISIONS[decision];
        return (
          <ConfirmButton
            key={decision}
            confirm={confirm}
            name={`${def.label} deposit ${d.id}`}
            variant={decision === 'approve' ? 'primary' : 'secondary'}
            disabled={busy(d)}
            action={{
              key: `${decision}:${d.id}`,
              title: def.title,
              message: `${def.label} the ${formatMoney(d.amount)} ${methodLabel(d.method)} deposit from ${d.user.name}? ${def.effect(d)}`,
              confirmLabel: def.label,
              run: () => run(d, decision),
              messages: def.messages,
            }}
          >
            {def.label}
          </ConfirmButton>
        );
      });
      return chain ? [<ChainNote key="chain">{chain.note}</ChainNote>, ...buttons] : buttons;
    }),
  ];

  return (
    <Screen title="Pending Deposits" actions={<ExportButton path="/admin/export/deposits" query={deposits.query} />}>
      <ReadState query={deposits} fallback={DEPOSITS_FAILED} loading="Loading deposits">
        {(rows) => <Table caption="Pending deposits" columns={columns} rows={rows} getRowKey={(d: Deposit) => d.id} {...deposits.table} />}
      </ReadState>
      {confirm.dialog}
    </Screen>
  );
}

const ChainNote = styled(Muted).attrs({ as: 'span' })`
  font-size: 0.85rem;
`;
