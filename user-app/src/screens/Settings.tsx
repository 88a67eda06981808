import { useState, type FormEvent } from 'react';
import { Button, Input } from '@halcyon/shared-ui';
import { useProfileQuery, type UserProfile } from '@halcyon/api-client';
import { BackLink } from '../features/navigation/BackLink';
import { IdentityFields } from '../features/profile/IdentityFields';
import { ProfileState } from '../features/profile/ProfileState';
import { useSaveProfile } from '../features/profile/useSaveProfile';
import { FormStack, Heading, NarrowPage, Panel, Row, SectionTitle } from '../lib/ui';

type SettingsKey = 'state' | 'city' | 'bankName' | 'accountNumber' | 'routingNumber' | 'bitcoin' | 'ethereum' | 'sol';
type Draft = Record<SettingsKey, string>;

/** The editable settings, in screen order, with the PATCH field names of spec 7. */
const FIELDS: readonly { key: SettingsKey; label: string; group: 'address' | 'bank' | 'wallet' }[] = [
  { key: 'state', label: 'State', group: 'address' },
  { key: 'city', label: 'City', group: 'address' },
  { key: 'bankName', label: 'Bank name', group: 'bank' },
  { key: 'accountNumber', label: 'Account number', group: 'bank' },
  { key: 'routingNumber', label: 'Routing number', group: 'bank' },
  { key: 'bitcoin', label: 'Bitcoin address', group: 'wallet' },
  { key: 'ethereum', label: 'Ethereum address', group: 'wallet' },
  { key: 'sol', label: 'Solana address', group: 'wallet' },
];

const draftOf = (p: UserProfile): Draft => ({
  state: p.state, city: p.city, bankName: p.bankName, accountNumber: p.accountNumber, routingNumber: p.routingNumber,
  bitcoin: p.bitcoin, ethereum: p.ethereum, sol: p.sol,
});

/** /user/setting: read-only until 'Manage Settings'; saves address, bank and payout wallets. */
export default function Settings() {
  const query = useProfileQuery();
  const profile = query.data;
  const { save, saving } = useSaveProfile('Settings updated successfully!', 'Failed to update settings');
  const [draft, setDraft] = useState<Draft | null>(null);

  if (!profile) {
    return (
      <NarrowPage>
        <ProfileState query={query} />
      </NarrowPage>
    );
  }
  const editing = draft !== null;
  const shown = draft ?? draftOf(profile);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const body = Object.fromEntries(FIELDS.map(({ key }) => [key, draft[key].trim()])) as Draft;
    if (await save(body)) setDraft(null);
  };

  const field = (key: SettingsKey, label: string) => (
    <Input key={key} label={label} name={key} value={shown[key]} onChange={(v) => setDraft((d) => (d ? { ...d, [key]: v } : d))} readOnly={!editing} placeholder={editing ? 'Enter text.' : 'Not set'} autoComplete="off" />
  );

  return (
    <NarrowPage>
      <BackLink />
      <Heading>Settings</Heading>
      <ProfileState query={query} />
      <Panel aria-label="Settings">
        <FormStack onSubmit={(e) => void submit(e)} noValidate>
          <IdentityFields profile={profile} />
          <Input label="Phone number" name="phoneNumber" value={profile.phoneNumber} onChange={() => undefined} readOnly placeholder="Not set" />
          <Input label="Date of birth" name="dob" value={profile.dob ?? ''} onChange={() => undefined} readOnly placeholder="Not set" />
          <SectionTitle>Address</SectionTitle>
          {FIELDS.filter((f) => f.group === 'address').map((f) => field(f.key, f.label))}
          <SectionTitle>Bank details</SectionTitle>
          {FIELDS.filter((f) => f.group === 'bank').map((f) => field(f.key, f.label))}
          <SectionTitle>Payout wallets</SectionTitle>
          {FIELDS.filter((f) => f.group === 'wallet').map((f) => field(f.key, f.label))}
          <Row>
            {editing ? (
              <>
                <Button key="save" type="submit" loading={saving}>
                  Save Changes
                </Button>
                <Button key="cancel" variant="secondary" onClick={() => setDraft(null)} disabled={saving}>
                  Cancel
                </Button>
              </>
            ) : (
              // Keyed apart from "Save Changes": reusing the same <button> would let this click submit the form.
              <Button key="edit" onClick={() => setDraft(draftOf(profile))}>
                Manage Settings
              </Button>
            )}
          </Row>
        </FormStack>
      </Panel>
    </NarrowPage>
  );
}
