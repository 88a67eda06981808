import { useState } from 'react';
import { parsePlainNumber } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, Input, FormGrid, FullRow } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';
import { useToastForm } from '@halcyon/app-kit';
import { OwnerPicker } from '../features/users/OwnerPicker';

const empty = { name: '', minAmount: '', maxAmount: '', returns: '', duration: '', uid: '' };
type Field = keyof typeof empty;

/** Create plan: number inputs; name and owner optional (no owner: a public plan). */
export default function CreatePlanScreen() {
  const [form, setForm] = useState(empty);
  const create = useApiMutation('createPlan', { invalidates: ['getPlans'] });
  const set = (field: Field) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const [minAmount, maxAmount, returns, duration] = [form.minAmount, form.maxAmount, form.returns, form.duration].map(parsePlainNumber);
  const { busy, onSubmit } = useToastForm({
    toasts: { success: 'Plan created successfully!', failure: 'Failed to create plan.' },
    request: async () => {
      // Required number fields: the browser stops a blank submit; text the parser refuses ('1e3')
      // ends here, with the failure toast.
      if (minAmount == null || maxAmount == null || returns == null || duration == null) throw new Error('not a number');
      const body = { name: form.name.trim() || null, minAmount, maxAmount, returns, duration, ...(form.uid ? { uid: form.uid } : {}) };
      return create.mutateAsync({ input: { body } });
    },
    done: () => setForm(empty),
  });

  return (
    <Screen title="Create Plan">
      <FormGrid onSubmit={(e) => void onSubmit(e)} aria-label="Create plan">
        <Input label="Plan name" name="name" value={form.name} onChange={set('name')} placeholder="Optional, e.g. Gold" />
        <Input label="Minimum amount (USD)" name="minAmount" type="number" min={0} step="0.01" required value={form.minAmount} onChange={set('minAmount')} placeholder="e.g. 100" />
        <Input label="Maximum amount (USD)" name="maxAmount" type="number" min={0} step="0.01" required value={form.maxAmount} onChange={set('maxAmount')} placeholder="e.g. 5000" />
        <Input label="Returns (%)" name="returns" type="number" min={0} step="0.01" required value={form.returns} onChange={set('returns')} placeholder="e.g. 12.5" />
        <Input label="Duration (days)" name="duration" type="number" min={1} step="1" required value={form.duration} onChange={set('duration')} placeholder="e.g. 30" />
        <OwnerPicker value={form.uid} onChange={set('uid')} />
        <FullRow>
          <Button type="submit" loading={busy} disabled={busy}>
            Create Plan
          </Button>
        </FullRow>
      </FormGrid>
    </Screen>
  );
}
