import { useState, type FormEvent } from 'react';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, Input, toast } from '@halcyon/shared-ui';
import { toNumber } from '../lib/format';
import { FormGrid, FullRow } from '../lib/FormGrid';
import { Screen } from '../lib/Screen';
import { toastResult } from '../lib/toastResult';
import { OwnerPicker } from '../features/users/OwnerPicker';

const empty = { name: '', minAmount: '', maxAmount: '', returns: '', duration: '', uid: '' };
type Field = keyof typeof empty;

/** Create plan: number inputs; name and owner optional (no owner: a public plan). */
export default function CreatePlanScreen() {
  const [form, setForm] = useState(empty);
  const create = useApiMutation('createPlan', { invalidates: ['getPlans'] });
  const set = (field: Field) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [minAmount, maxAmount, returns, duration] = [form.minAmount, form.maxAmount, form.returns, form.duration].map(toNumber);
    // The inputs are required number fields; the browser stops a blank submit, this keeps types honest.
    if (minAmount == null || maxAmount == null || returns == null || duration == null) {
      toast.error('Failed to create plan.');
      return;
    }
    const body = { name: form.name.trim() || null, minAmount, maxAmount, returns, duration, ...(form.uid ? { uid: form.uid } : {}) };
    if (await toastResult(create.mutateAsync({ input: { body } }), { success: 'Plan created successfully!', failure: 'Failed to create plan.' })) setForm(empty);
  };

  return (
    <Screen title="Create Plan">
      <FormGrid onSubmit={(e) => void submit(e)} aria-label="Create plan">
        <Input label="Plan name" name="name" value={form.name} onChange={set('name')} placeholder="Optional, e.g. Gold" />
        <Input label="Minimum amount (USD)" name="minAmount" type="number" min={0} step="0.01" required value={form.minAmount} onChange={set('minAmount')} placeholder="e.g. 100" />
        <Input label="Maximum amount (USD)" name="maxAmount" type="number" min={0} step="0.01" required value={form.maxAmount} onChange={set('maxAmount')} placeholder="e.g. 5000" />
        <Input label="Returns (%)" name="returns" type="number" min={0} step="0.01" required value={form.returns} onChange={set('returns')} placeholder="e.g. 12.5" />
        <Input label="Duration (days)" name="duration" type="number" min={1} step="1" required value={form.duration} onChange={set('duration')} placeholder="e.g. 30" />
        <OwnerPicker value={form.uid} onChange={set('uid')} />
        <FullRow>
          <Button type="submit" loading={create.isPending} disabled={create.isPending}>
            Create Plan
          </Button>
        </FullRow>
      </FormGrid>
    </Screen>
  );
}
