import { useState } from 'react';
import styled from 'styled-components';
import type { ResponseOf, WalletAddress, WalletAddressBody } from '@halcyon/api-client/model';
import { useApiMutation, useApiQuery } from '@halcyon/api-client/react';
import { Button, ConfirmDialog, Input } from '@halcyon/shared-ui';
import { ReadState, useToastForm } from '@halcyon/app-kit';
import { Screen } from '../lib/Screen';
import { useReviewStep } from '../lib/useReviewStep';

const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 720px;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const FIELDS: readonly { key: keyof WalletAddressBody; label: string }[] = [
  { key: 'bitcoin', label: 'Bitcoin address' },
  { key: 'ethereum', label: 'Ethereum address' },
  { key: 'sol', label: 'Solana address' },
  { key: 'usdt', label: 'USDT address' },
];

const blank: WalletAddressBody = { bitcoin: '', ethereum: '', sol: '', usdt: '' };
const bodyOf = (record: WalletAddress | null): WalletAddressBody =>
  record ? { bitcoin: record.bitcoin, ethereum: record.ethereum, sol: record.sol, usdt: record.usdt } : blank;
/** The platform's one address record (the first item), or null before one is created. */
const recordOf = (response: ResponseOf<'getWalletAddresses'>): WalletAddress | null => response.data[0] ?? null;
const changes = { invalidates: ['getWalletAddresses'] } as const;

/** The platform's deposit addresses: read-only until Edit; Save creates the record or updates it. */
export default function UpdateWalletsScreen() {
  const wallet = useApiQuery('getWalletAddresses', undefined, { as: 'admin', select: recordOf });
  const create = useApiMutation('createWalletAddress', changes);
  const update = useApiMutation('updateWalletAddress', changes);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<WalletAddressBody>(blank);
  const review = useReviewStep();
  const saving = create.isPending || update.isPending;

  const record = wallet.data ?? null;
  const shown = editing ? draft : bodyOf(record);

  const { onSubmit } = useToastForm({
    check: review.ask,
    toasts: { success: 'Wallet addresses updated!', failure: 'Update failed.' },
    // Spec 7: POST when no record exists yet, else PATCH that record by its _id.
    request: () => (record ? update.mutateAsync({ input: { params: { id: record._id }, body: draft } }) : create.mutateAsync({ input: { body: draft } })),
    done: () => {
      setEditing(false);
      review.close();
    },
    failed: review.close,
  });

  return (
    <Screen title="Update Wallets">
      <ReadState query={wallet} fallback="Failed to fetch wallet addresses." loading="Loading wallet addresses">
        {() => (
          <Form onSubmit={(e) => void onSubmit(e)} aria-label="Wallet addresses">
            {FIELDS.map((f) => (
              <Input
                key={f.key}
                label={f.label}
                name={f.key}
                value={shown[f.key]}
                readOnly={!editing}
                placeholder={editing ? 'Enter address' : 'Not set'}
                onChange={(value) => setDraft((d) => ({ ...d, [f.key]: value }))}
              />
            ))}
            <Buttons>
              {/* Keys: without them React turns the clicked Edit button into the submit button
                  during the click, and the browser submits the form. */}
              {editing ? (
                <>
                  <Button key="save" type="submit" loading={saving} disabled={saving}>
                    Save Changes
                  </Button>
                  <Button key="cancel" type="button" variant="secondary" disabled={saving} onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                </>
              ) : (
                <Button
                  key="edit"
                  type="button"
                  onClick={() => {
                    setDraft(bodyOf(record));
                    setEditing(true);
                  }}
                >
                  Edit
                </Button>
              )}
            </Buttons>
          </Form>
        )}
      </ReadState>
      <ConfirmDialog
        open={review.open}
        title="Update deposit addresses"
        message="Users will be asked to pay into these addresses from now on. Save them?"
        confirmLabel="Save Changes"
        busy={saving}
        onConfirm={review.confirm}
        onCancel={review.cancel}
      />
    </Screen>
  );
}
