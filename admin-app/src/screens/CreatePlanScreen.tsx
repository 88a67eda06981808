import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, errorMessage } from '@halcyon/api-client';
import { Button, Input, Select, toast } from '@halcyon/shared-ui';
import { toNumber } from '../lib/format';
import { Screen } from '../lib/Screen';
import { useRemote } from '../lib/useRemote';
import { USERS_FAILED, loadUsers } from '../features/users/usersColumns';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  gap: 16px;
  max-width: 880px;
`;

const Submit = styled.div`
  grid-column: 1 / -1;
`;

const empty = { name: '', minAmount: '', maxAmount: '', returns: '', duration: '', uid: '' };
type Field = keyof typeof empty;

/** Create plan: number inputs; name and owner optional (no owner: a public plan). */
export default function CreatePlanScreen() {
  const [form, setForm] = useState(empty);
  const [saving, setSaving] = useState(false);
  const users = useRemote(loadUsers, USERS_FAILED);
  const set = (field: Field) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [minAmount, maxAmount, returns, duration] = [form.minAmount, form.maxAmount, form.returns, form.duration].map(toNumber);
    // The inputs are required number fields; the browser stops a blank submit, this keeps types honest.
    if (minAmount == null || maxAmount == null || returns == null || duration == null) {
      toast.error('Failed to create plan.');
      return;
    }
    setSaving(true);
    try {
      await api.createPlan({
        body: { name: form.name.trim() || null, minAmount, maxAmount, returns, duration, ...(form.uid ? { uid: form.uid } : {}) },
      });
      toast.success('Plan created successfully!');
      setForm(empty);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create plan.'));
    } finally {
      setSaving(false);
    }
  };

  const owners = [{ value: '', label: 'Everyone (public plan)' }, ...(users.data ?? []).map((u) => ({ value: u.uid, label: `${u.name} (${u.email})` }))];

  return (
    <Screen title="Create Plan">
      <Form onSubmit={(e) => void submit(e)} aria-label="Create plan">
        <Input label="Plan name" name="name" value={form.name} onChange={set('name')} placeholder="Optional, e.g. Gold" />
        <Input label="Minimum amount (USD)" name="minAmount" type="number" min={0} step="0.01" required value={form.minAmount} onChange={set('minAmount')} placeholder="e.g. 100" />
        <Input label="Maximum amount (USD)" name="maxAmount" type="number" min={0} step="0.01" required value={form.maxAmount} onChange={set('maxAmount')} placeholder="e.g. 5000" />
        <Input label="Returns (%)" name="returns" type="number" min={0} step="0.01" required value={form.returns} onChange={set('returns')} placeholder="e.g. 12.5" />
        <Input label="Duration (days)" name="duration" type="number" min={1} step="1" required value={form.duration} onChange={set('duration')} placeholder="e.g. 30" />
        <Select label="Owner user" name="uid" value={form.uid} onChange={set('uid')} options={owners} />
        <Submit>
          <Button type="submit" loading={saving} disabled={saving}>
            Create Plan
          </Button>
        </Submit>
      </Form>
      {users.status === 'error' && <p role="note">{users.error} Plans can still be created for everyone.</p>}
    </Screen>
  );
}
