import { ExportButton, ReadState } from '@halcyon/app-kit';
import type { Investment, InvestmentStatus } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Table, formatMoney } from '@halcyon/shared-ui';
import { ConfirmButton } from '../../lib/ConfirmButton';
import { actionsColumn } from '../../lib/RowActions';
import { Screen } from '../../lib/Screen';
import { useConfirmedAction } from '../../lib/useConfirmedAction';
import { BY_DATE } from '../../lib/useList';
import { INVESTMENTS_FAILED, INVESTMENT_CHANGES, useInvestments } from './queries';

type InvestmentAction = 'stop' | 'processing' | 'approve';

const ACTIONS: Record<InvestmentAction, { label: string; title: string; effect: string; success: string; failure: string }> = {
  stop: {
    label: 'Stop',
    title: 'Stop investment',
    effect: 'It ends now and the principal goes back to the user.',
    success: 'Investment stopped successfully.',
    failure: 'Failed to stop investment',
  },
  processing: {
    label: 'Processing',
    title: 'Move investment to processing',
    effect: 'The principal stays invested.',
    success: 'Investment processed successfully.',
    failure: 'Failed to process investment.',
  },
  approve: {
    label: 'Approve',
    title: 'Approve investment',
    effect: 'It becomes active and matures on its end date.',
    success: 'Investment approved successfully.',
    failure: 'Failed to approve investment.',
  },
};

/** Plan, amount, start, end date and earnings of each investment (spec 2); the server sorts by amount, start and earnings. */
export const investmentColumns = [
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'plan_name', header: 'Plan' },
  { key: 'amount', header: 'Amount', kind: 'money' as const, serverSort: { descending: 'amount' } },
  { key: 'createdAt', header: 'Start', kind: 'date' as const, serverSort: BY_DATE },
  { key: 'endDate', header: 'End Date', kind: 'date' as const },
  { key: 'earnings', header: 'Earnings', kind: 'money' as const, serverSort: { descending: 'earnings' } },
  { key: 'status', header: 'Status', kind: 'status' as const },
];

interface InvestmentsViewProps {
  title: string;
  /** Server-side filter; none lists every investment. */
  status?: InvestmentStatus;
  actions: readonly InvestmentAction[];
}

/** One investments screen: the list for a status and the buttons that screen offers. */
export function InvestmentsView({ title, status, actions }: InvestmentsViewProps) {
  const investments = useInvestments(status ? { status } : undefined);
  const changes = { invalidates: INVESTMENT_CHANGES };
  const calls = { stop: useApiMutation('endInvestment', changes), processing: useApiMutation('processInvestment', changes), approve: useApiMutation('approveInvestment', changes) };
  const confirm = useConfirmedAction();
  const busy = (i: Investment) => actions.some((a) => confirm.isBusy(`${a}:${i.id}`));

  const columns =
    actions.length === 0
      ? investmentColumns
      : [
          ...investmentColumns,
          actionsColumn((i: Investment) =>
            actions.map((a) => {
              const def = ACTIONS[a];
              return (
                <ConfirmButton
                  key={a}
                  confirm={confirm}
                  name={`${def.label} investment of ${i.name} (${formatMoney(i.amount)})`}
                  variant={a === 'approve' ? 'primary' : 'secondary'}
                  disabled={busy(i)}
                  action={{
                    key: `${a}:${i.id}`,
                    title: def.title,
                    message: `${def.label}: ${formatMoney(i.amount)} in ${i.plan_name ?? 'plan'} by ${i.name}? ${def.effect}`,
                    confirmLabel: def.label,
                    run: () => calls[a].mutateAsync({ input: { params: { id: i.id } } }),
                    messages: { success: def.success, failure: def.failure },
                  }}
                >
                  {def.label}
                </ConfirmButton>
              );
            }),
          ),
        ];

  return (
    <Screen title={title} actions={<ExportButton path="/admin/export/investments" query={investments.query} />}>
      <ReadState query={investments} fallback={INVESTMENTS_FAILED} loading="Loading investments">
        {(rows) => <Table caption={title} columns={columns} rows={rows} getRowKey={(i: Investment) => i.id} {...investments.table} />}
      </ReadState>
      {confirm.dialog}
    </Screen>
  );
}
