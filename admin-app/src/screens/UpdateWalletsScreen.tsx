import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, errorMessage, type WalletAddress, type WalletAddressBody } from '@halcyon/api-client';
import { Button, ConfirmDialog, Input, toast } from '@halcyon/shared-ui';
import { RemoteView } from '../lib/RemoteView';
import { Screen } from '../lib/Screen';
import { useRemote } from '../lib/useRemote';

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

/** The platform's deposit addresses: read-only until Edit; Save creates the record or updates it. */
export default function UpdateWalletsScreen() {
  const wallet = useRemote(async (signal) => (await api.getWalletAddresses(undefined, { as: 'admin', signal })).data[0] ?? null, 'Failed to fetch wallet addresses.');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<WalletAddressBody>(blank);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  const record = wallet.data ?? null;
  const shown = editing ? draft : bodyOf(record);

  const save = async () => {
    setSaving(true);
    try {
      // Spec 7: POST when no record exists yet, else PATCH that record by its _id.
      if (record) await api.updateWalletAddress({ params: { id: record._id }, body: draft });
      else await api.createWalletAddress({ body: draft });
      toast.success('Wallet addresses updated!');
      setEditing(false);
      await wallet.reload();
    } catch (error) {
      toast.error(errorMessage(error, 'Update failed.'));
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };

  return (
    <Screen title="Update Wallets">
      <RemoteView remote={wallet} loadingLabel="Loading wallet addresses">
        {() => (
          <Form onSubmit={submit} aria-label="Wallet addresses">
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
      </RemoteView>
      <ConfirmDialog
        open={confirming}
        title="Update deposit addresses"
        message="Users will be asked to pay into these addresses from now on. Save them?"
        confirmLabel="Save Changes"
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      />
    </Screen>
  );
}
