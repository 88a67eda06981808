import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ResponseOf, WalletAddress } from '@halcyon/api-client/model';
import { useApiMutation, useApiQuery } from '@halcyon/api-client/react';
import { Button, ConfirmDialog, Input, Muted } from '@halcyon/shared-ui';
import { ReadState, useReviewStep, useToastForm } from '@halcyon/app-kit';
import { ADDRESS_FIELDS, XPUB_FIELDS, bodyOf, draftOf, xpubProblem, type WalletDraft } from '../features/wallets/walletForm';
import { Screen } from '../lib/Screen';

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

const Keys = styled.fieldset`
  display: grid;
  gap: 16px;
  min-width: 0;
  margin: 0;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
  legend { padding: 0 4px; font-weight: 600; }
`;

/** The platform's one address record (the first item), or null before one is created. */
const recordOf = (response: ResponseOf<'getWalletAddresses'>): WalletAddress | null => response.data[0] ?? null;
const changes = { invalidates: ['getWalletAddresses'] } as const;

/** The platform's deposit addresses: read-only until Edit; Save creates the record or updates it. */
export default function UpdateWalletsScreen() {
  const wallet = useApiQuery('getWalletAddresses', undefined, { as: 'admin', select: recordOf });
  const create = useApiMutation('createWalletAddress', changes);
  const update = useApiMutation('updateWalletAddress', changes);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<WalletDraft>(() => draftOf(null));
  const review = useReviewStep();
  const saving = create.isPending || update.isPending;

  const record = wallet.data ?? null;
  const shown = editing ? draft : draftOf(record);
  const body = bodyOf(draft, record);
  const form = useRef<HTMLFormElement>(null);
  const keysHint = useId();

  const { onSubmit } = useToastForm({
    // A private key pasted by mistake never leaves the browser: its field says so and has the focus.
    check: () => {
      const bad = XPUB_FIELDS.find((f) => xpubProblem(draft[f.key]));
      if (!bad) return review.ask();
      const field = form.current?.elements.namedItem(bad.key);
      if (field instanceof HTMLElement) field.focus();
      return false;
    },
    toasts: { success: 'Wallet addresses updated!', failure: 'Update failed.' },
    // Spec 7: POST when no record exists yet, else PATCH that record by its _id.
    request: () => (record ? update.mutateAsync({ input: { params: { id: record._id }, body } }) : create.mutateAsync({ input: { body } })),
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
          <Form ref={form} onSubmit={(e) => void onSubmit(e)} aria-label="Wallet addresses">
            {ADDRESS_FIELDS.map((f) => (
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
            <Keys aria-describedby={keysHint}>
              <legend>Investors&apos; own addresses (optional)</legend>
              <Muted id={keysHint}>
                With a key set, each investor gets their own deposit address on that chain and their deposits are credited from the chain once
                confirmed, without review. Without one, investors pay the shared address above and you approve each deposit. Only the public key
                goes here; empty a field to remove its key.
              </Muted>
              {XPUB_FIELDS.map((f) => (
                <Input
                  key={f.key}
                  label={f.label}
                  name={f.key}
                  value={shown[f.key]}
                  readOnly={!editing}
                  placeholder={editing ? 'Optional: extended public key' : 'Not set'}
                  hint={f.hint}
                  error={editing ? xpubProblem(draft[f.key]) : null}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  onChange={(value) => setDraft((d) => ({ ...d, [f.key]: value }))}
                />
              ))}
            </Keys>
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
                    setDraft(draftOf(record));
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
