import { Link } from 'react-router';
import styled from 'styled-components';
import { Input, formatDate, formatDateTime, NarrowPage, SectionTitle } from '@halcyon/shared-ui';
import { plainLineProblem, type UserProfile } from '@halcyon/api-client/model';
import { BackLink } from '../features/navigation/BackLink';
import { ProfileForm, type ProfileDraft } from '../features/profile/ProfileForm';

type SettingsKey = 'state' | 'city' | 'bankName' | 'accountNumber' | 'routingNumber' | 'bitcoin' | 'ethereum' | 'sol' | 'antiPhishingPhrase';
/**
 * `code`: with two-factor on, a payout change needs one (docs/security.md "Two-factor");
 * `password`: a new anti-phishing phrase needs it (a security change).
 */
type Draft = Record<SettingsKey | 'code' | 'password', string>;
type Group = 'address' | 'bank' | 'wallet' | 'mail';

/** The editable settings, in screen order, with the PATCH field names of spec 7. */
const FIELDS: readonly { key: SettingsKey; label: string; group: Group }[] = [
  { key: 'state', label: 'State', group: 'address' },
  { key: 'city', label: 'City', group: 'address' },
  { key: 'bankName', label: 'Bank name', group: 'bank' },
  { key: 'accountNumber', label: 'Account number', group: 'bank' },
  { key: 'routingNumber', label: 'Routing number', group: 'bank' },
  { key: 'bitcoin', label: 'Bitcoin address', group: 'wallet' },
  { key: 'ethereum', label: 'Ethereum address', group: 'wallet' },
  { key: 'sol', label: 'Solana address', group: 'wallet' },
  // Ours (docs/security.md "Alerts"): a mail without it did not come from us.
  { key: 'antiPhishingPhrase', label: 'Anti-phishing phrase', group: 'mail' },
];

const TEXTS = { title: 'Settings', label: 'Settings', edit: 'Manage Settings', success: 'Settings updated successfully!', failure: 'Failed to update settings' };

const draftOf = (p: UserProfile): Draft => ({
  state: p.state, city: p.city, bankName: p.bankName, accountNumber: p.accountNumber, routingNumber: p.routingNumber,
  bitcoin: p.bitcoin, ethereum: p.ethereum, sol: p.sol, antiPhishingPhrase: p.antiPhishingPhrase ?? '', code: '', password: '',
});
const trimmed = (d: Draft) => ({
  ...Object.fromEntries(FIELDS.map(({ key }) => [key, d[key].trim()])),
  ...(d.code.trim() ? { code: d.code.trim() } : {}),
  ...(d.password ? { currentPassword: d.password } : {}),
});

const noop = () => undefined;

/** The contract's rule for the phrase (one line, no link: it opens our mails), as the field says it; null when fine. */
const phraseError = (d: Draft): string | null => {
  const reason = plainLineProblem(d.antiPhishingPhrase.trim());
  return reason === null ? null : `The phrase ${reason}.`;
};

/** One group's fields, read-only until 'Manage Settings'. */
const group = (name: Group, { shown, editing, set, profile }: ProfileDraft<Draft>) =>
  FIELDS.filter((f) => f.group === name).map(({ key, label }) => (
    <Input key={key} label={label} name={key} value={shown[key]} onChange={(v) => set(key, v)} readOnly={!editing} placeholder={editing ? 'Enter text.' : 'Not set'} autoComplete="off" hint={usableHint(profile, key)} error={key === 'antiPhishingPhrase' && editing ? phraseError(shown) : null} />
  ));

/** A payout destination changed after funding waits (PAYOUT_COOLDOWN_HOURS, docs/security.md "Payout addresses"): say until when. */
function usableHint(profile: UserProfile, key: SettingsKey): string | undefined {
  const payoutKey = key === 'bankName' || key === 'accountNumber' || key === 'routingNumber' ? 'bank' : key;
  const from = profile.payoutUsableFrom?.[payoutKey];
  return from ? `Usable for withdrawals from ${formatDateTime(from)}.` : undefined;
}

/** /user/setting: read-only until 'Manage Settings'; saves address, bank and payout wallets. */
export default function Settings() {
  return (
    <NarrowPage>
      <BackLink />
      <SecurityLink to="/user/security">Security: your signed-in devices and sign-in history</SecurityLink>
      <ProfileForm texts={TEXTS} toDraft={draftOf} toBody={trimmed} invalid={(d) => phraseError(d) !== null}>
        {(form) => (
          <>
            <Input label="Phone number" name="phoneNumber" value={form.profile.phoneNumber} onChange={noop} readOnly placeholder="Not set" />
            <Input label="Date of birth" name="dob" value={formatDate(form.profile.dob ?? '')} onChange={noop} readOnly placeholder="Not set" />
            <SectionTitle>Address</SectionTitle>
            {group('address', form)}
            <SectionTitle>Bank details</SectionTitle>
            {group('bank', form)}
            <SectionTitle>Payout wallets</SectionTitle>
            {group('wallet', form)}
            {form.editing && form.profile.twoFactorEnabled ? (
              <Input label="Authentication code" name="code" value={form.shown.code} onChange={(v) => form.set('code', v)} autoComplete="one-time-code" placeholder="123456" hint="Two-factor is on: changing a payout address or bank detail needs a code." />
            ) : null}
            <SectionTitle>Email security</SectionTitle>
            <p>A phrase of your choice, shown at the top of every email we send you. An email without it did not come from us.</p>
            {group('mail', form)}
            {form.editing && form.shown.antiPhishingPhrase.trim() !== (form.profile.antiPhishingPhrase ?? '') ? (
              <Input label="Your password" name="password" type="password" value={form.shown.password} onChange={(v) => form.set('password', v)} autoComplete="current-password" hint="A new phrase needs your password." />
            ) : null}
          </>
        )}
      </ProfileForm>
    </NarrowPage>
  );
}

const SecurityLink = styled(Link)`
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.font.size.small};
`;
