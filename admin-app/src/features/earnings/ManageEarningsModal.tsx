import { useState } from 'react';
import styled from 'styled-components';
import { parseUsdAmount, type Investment } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, ConfirmDialog, Input, Modal, Select, formatMoney } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { useReviewStep, useToastForm } from '@halcyon/app-kit';
import { EARNINGS_CHANGES } from './queries';

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;

type Kind = 'credit' | 'deduct';

const KINDS: Record<Kind, { label: string; verb: string; success: string; failure: string }> = {
  credit: { label: 'Credit earnings', verb: 'Credit', success: 'Earnings credited successfully!', failure: 'Failed to credit earnings.' },
  deduct: { label: 'Deduct earnings', verb: 'Deduct', success: 'Earnings deducted successfully!', failure: 'Failed to deduct earnings.' },
};

interface ManageEarningsModalProps {
  investment: Investment;
  onClose(): void;
}

/** Manage: credit or deduct an investment's earnings, with a reason, after a confirmation. */
export function ManageEarningsModal({ investment, onClose }: ManageEarningsModalProps) {
  const [kind, setKind] = useState<Kind>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const calls = { credit: useApiMutation('creditEarnings', { invalidates: EARNINGS_CHANGES, intent: investment.id }), deduct: useApiMutation('deductEarnings', { invalidates: EARNINGS_CHANGES, intent: investment.id }) };
  const value = parseUsdAmount(amount);
  const def = KINDS[kind];

  const review = useReviewStep();
  const { onSubmit } = useToastForm({
    check: async () => {
      if (value === null) {
        toast.error('Please enter a valid amount.');
        return false;
      }
      return review.ask();
    },
    toasts: def,
    request: async () => {
      // `check` has passed: this only narrows the type.
      if (value === null) throw new Error('checked');
      const input = {
        params: { uid: investment.uid },
        body: { amount: value, plan_id: investment.plan_id, investment_id: investment.id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      };
      // The mutation invalidates the investments and earnings it changed: the rows refresh themselves.
      return calls[kind].mutateAsync({ input });
    },
    done: onClose,
    failed: review.close,
  });

  const formId = `earnings-${investment.id}`;
  return (
    <>
      <Modal
        open={!review.open}
        title={`Manage earnings: ${investment.name}`}
        onClose={onClose}
        footer={
          <Footer>
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId}>
              {def.verb}
            </Button>
          </Footer>
        }
      >
        <p>
          {investment.plan_name ?? 'Plan'} · {formatMoney(investment.amount)} invested · {formatMoney(investment.earnings)} earned so far
        </p>
        <Form id={formId} noValidate onSubmit={(e) => void onSubmit(e)}>
          <Select
            label="Action"
            name="kind"
            value={kind}
            onChange={(v) => setKind(v === 'deduct' ? 'deduct' : 'credit')}
            options={[
              { value: 'credit', label: KINDS.credit.label },
              { value: 'deduct', label: KINDS.deduct.label },
            ]}
          />
          <Input label="Amount (USD)" name="amount" type="number" min={0} step="0.01" value={amount} onChange={setAmount} placeholder="0.00" />
          <Input label="Reason" name="reason" value={reason} onChange={setReason} placeholder="e.g. Monthly return" />
        </Form>
      </Modal>
      <ConfirmDialog
        open={review.open}
        title={def.label}
        message={`${def.verb} ${formatMoney(value ?? 0)} ${kind === 'credit' ? 'to' : 'from'} the earnings of ${investment.name} (${investment.plan_name ?? 'plan'})?`}
        confirmLabel={def.verb}
        busy={calls[kind].isPending}
        onConfirm={review.confirm}
        onCancel={review.cancel}
      />
    </>
  );
}
