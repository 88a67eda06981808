import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Input, Select, formatDateTime, formatHours, formatMoney, FormStack, Heading, Muted, NarrowPage, Panel, Row } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { METHOD_ASSET, PAYOUT_COOLDOWN_HOURS, WITHDRAW_ADDRESS, parseUsdAmount, withdrawalAddressProblem, type PasskeyAssertion, type UserProfile, type WithdrawMethod } from '@halcyon/api-client/model';
import { passkeysSupported, sendWithPasskey, stepUpPasskey } from '@halcyon/api-client/http';
import { endsIntent, useApiMutation, useProfileQuery } from '@halcyon/api-client/react';
import { AmountInput } from '../lib/AmountInput';
import { assetByAbbr, balanceOf } from '../lib/assets';
import { useReviewStep, useToastForm } from '@halcyon/app-kit';
import { useDelayedRedirect } from '../lib/redirect';
import { BackLink } from '../features/navigation/BackLink';
import { ProfileState } from '../features/profile/ProfileState';
import { withdrawFieldErrors } from '../features/withdrawals/fieldErrors';
import { WithdrawalReview, type WithdrawalFacts } from '../features/withdrawals/WithdrawalReview';

const METHODS: readonly { value: WithdrawMethod; label: string }[] = [
  { value: 'bank', label: 'Bank' },
  { value: 'bitcoin', label: 'Bitcoin' },
  { value: 'ethereum', label: 'Ethereum' },
  { value: 'solana', label: 'Solana' },
  { value: 'usdt', label: 'USDT' },
];
const isMethod = (v: string): v is WithdrawMethod => METHODS.some((m) => m.value === v);

/** The screen's Charge: what the review takes off the amount. */
const WITHDRAW_FEE = 0;

/** The payout address saved in Settings for a crypto method ('' when none). */
function savedAddress(profile: UserProfile, method: WithdrawMethod): string {
  const asset = assetByAbbr(METHOD_ASSET[method]);
  return asset && method !== 'bank' ? (profile[asset.walletKey] ?? '').trim() : '';
}

/** Under the address: whether it is the saved one, when a recent change becomes usable, what a new one means. */
function payoutHint(profile: UserProfile, method: WithdrawMethod, address: string): string | undefined {
  const saved = savedAddress(profile, method);
  const asset = assetByAbbr(METHOD_ASSET[method]);
  const from = asset ? profile.payoutUsableFrom?.[asset.walletKey] : undefined;
  if (saved && address.trim() === saved) return from ? `Your saved payout address, usable from ${formatDateTime(from)}.` : 'Your saved payout address (Settings).';
  if (address.trim()) return `A new address is saved as your payout address; once you have funded your account it can be used ${formatHours(profile.payoutCooldownHours ?? PAYOUT_COOLDOWN_HOURS)} later.`;
  return undefined;
}

/** Where a bank withdrawal is paid: the bank and account number saved in Settings. */
function bankDestination(profile: UserProfile): string {
  const parts = [profile.bankName.trim(), profile.accountNumber.trim() ? `account ${profile.accountNumber.trim()}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Not set (Settings)';
}

/** /user/withdraw: request a withdrawal; funds are held until an admin decides. */
export default function Withdraw() {
  const query = useProfileQuery();
  const profile = query.data;
  // The new balance shows on every screen once the request is in: the profile is read again.
  const withdrawal = useApiMutation('createWithdrawal', { invalidates: ['getProfile', 'getTransactions'] });
  const redirect = useDelayedRedirect('/user/main');
  const [method, setMethod] = useState<WithdrawMethod | ''>('');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  // Field errors show once a send was tried, then follow the typing.
  const [tried, setTried] = useState(false);
  // The passkey's answer for the request last sent, kept while its intent is open: sending the same
  // request again (a lost answer) must carry the same body, so the server can answer the first result.
  const held = useRef<{ request: string; passkey: PasskeyAssertion } | null>(null);
  // Once the checks pass, "Review your withdrawal" shows what will be sent; only its confirm sends.
  const review = useReviewStep();
  // The form button that opened the review (with the passkey or not): the review's confirm sends that way.
  const [reviewByPasskey, setReviewByPasskey] = useState(false);

  /** A passkey bound to exactly this withdrawal (method, amount, address as sent); the same one again for the same request. */
  const passkeyFor = async (base: { method: WithdrawMethod; amount: number; address?: string }): Promise<PasskeyAssertion> => {
    const request = JSON.stringify(base);
    if (held.current?.request === request) return held.current.passkey;
    const passkey = await stepUpPasskey({ purpose: 'withdrawal', withdrawal: base });
    held.current = { request, passkey };
    return passkey;
  };

  const value = parseUsdAmount(amount);
  const asset = method ? assetByAbbr(METHOD_ASSET[method]) : undefined;
  const available = profile ? (asset ? balanceOf(profile, asset) : profile.balance) : 0;
  const errors = withdrawFieldErrors({ method, address, amount, available, assetName: asset?.name ?? 'your account' });
  // The spec's toast beside the fields' own words (a blank address is the address toast's, as before).
  const problem = !method || errors.amount ? 'Please fill in all required fields correctly.' : withdrawalAddressProblem(method, address) !== null ? 'Please provide a valid wallet address.' : null;
  // From the first click to the answer (the passkey prompt included): one withdrawal at a time.
  const { busy: sending, onSubmit } = useToastForm({
    check: (byPasskey: boolean) => {
      setTried(true);
      if (problem) {
        toast.error(problem);
        return false;
      }
      setReviewByPasskey(byPasskey);
      return review.ask();
    },
    toasts: { loading: 'Please wait, your withdrawal is processing...', success: 'Withdrawal request submitted successfully.', failure: 'Withdrawal failed. Please try again.' },
    request: async (byPasskey: boolean) => {
      // The form shows only with the profile, and `check` has passed: this only narrows the types.
      if (!profile || !method || value === null) throw new Error('checked');
      const bound = { method, amount: value, ...(WITHDRAW_ADDRESS[method] !== 'none' && address.trim() ? { address: address.trim() } : {}) };
      const body = { ...bound, to: profile.uid };
      // With two-factor on (docs/security.md "Two-factor"), the server needs a code, or a passkey;
      // a passkey-only account is told PASSKEY_REQUIRED, and the passkey is asked then.
      const code2fa = profile.twoFactorEnabled && code.trim() ? { code: code.trim() } : {};
      const send = (passkey?: PasskeyAssertion) => withdrawal.mutateAsync({ input: { body: passkey ? { ...body, passkey } : { ...body, ...code2fa } } });
      try {
        await (byPasskey ? send(await passkeyFor(bound)) : sendWithPasskey(send, () => passkeyFor(bound)));
        held.current = null;
      } catch (error) {
        if (endsIntent(error)) held.current = null;
        throw error;
      }
    },
    done: () => {
      review.close();
      setMethod('');
      setAddress('');
      setAmount('');
      setCode('');
      setTried(false);
      redirect();
    },
    // Back to the form, as it was, for another try (the toast says what went wrong).
    failed: review.close,
  });

  if (!profile) {
    return (
      <NarrowPage>
        <ProfileState query={query} />
      </NarrowPage>
    );
  }

  // With a passkey (docs/security.md "Passkeys") it can confirm the withdrawal; without two-factor it must.
  const withPasskey = (profile.passkeyCount ?? 0) > 0 && passkeysSupported();
  const passkeyOnly = withPasskey && !profile.twoFactorEnabled;
  const facts: WithdrawalFacts | null =
    method && value !== null
      ? {
          method,
          assetName: asset?.name ?? method,
          destination: method === 'bank' ? bankDestination(profile) : address.trim(),
          amount: value,
          fee: WITHDRAW_FEE,
        }
      : null;

  return (
    <NarrowPage>
      <BackLink />
      <Heading>Withdraw</Heading>
      <ProfileState query={query} />
      <Panel aria-label="Withdrawal form">
        <div>
          <Muted>Available balance</Muted>
          {/* What the chosen method can pay out: one asset's balance, not every asset's (issue 29). */}
          <Balance>{formatMoney(available)}</Balance>
          <Muted>{asset ? `in ${asset.name}` : 'across your assets: choose a method to see what it can pay out'}</Muted>
        </div>
        <FormStack onSubmit={(e) => void onSubmit(e, passkeyOnly)} noValidate>
          <Select
            label="Withdrawal method"
            name="method"
            placeholder="Select method"
            value={method}
            options={METHODS}
            error={tried ? errors.method : undefined}
            onChange={(v) => {
              const next = isMethod(v) ? v : '';
              setMethod(next);
              // The saved payout address is offered (docs/security.md "Payout addresses").
              setAddress(next ? savedAddress(profile, next) : '');
            }}
          />
          {method && WITHDRAW_ADDRESS[method] !== 'none' ? (
            <Input
              label="Wallet address"
              name="address"
              value={address}
              onChange={setAddress}
              placeholder="Enter your wallet address"
              autoComplete="off"
              hint={payoutHint(profile, method, address)}
              error={tried ? errors.address : undefined}
            />
          ) : null}
          {method === 'bank' ? (
            <>
              <Input label="Bank name" name="bankName" value={profile.bankName} onChange={() => undefined} readOnly placeholder="Set in Settings" />
              <Input label="Account number" name="accountNumber" value={profile.accountNumber} onChange={() => undefined} readOnly placeholder="Set in Settings" />
              <Input label="Routing number" name="routingNumber" value={profile.routingNumber} onChange={() => undefined} readOnly placeholder="Set in Settings" />
            </>
          ) : null}
          {method ? (
            <>
              <AmountInput
                value={amount}
                onChange={setAmount}
                error={tried ? errors.amount : undefined}
                hint={
                  <Row>
                    <span>Available in {asset?.name ?? 'this method'}: {formatMoney(available)}</span>
                    <MaxButton type="button" onClick={() => setAmount(available.toFixed(2))} aria-label={`Max: use ${formatMoney(available)}`}>
                      Max
                    </MaxButton>
                  </Row>
                }
              />
              <Input label="Charge" name="charge" value={formatMoney(WITHDRAW_FEE)} onChange={() => undefined} readOnly />
              {profile.twoFactorEnabled ? (
                <Input label="Authentication code" name="code" value={code} onChange={setCode} autoComplete="one-time-code" placeholder="123456 or a recovery code" hint="From your authenticator app (two-factor is on)." />
              ) : null}
              {passkeyOnly ? null : (
                <Button type="submit" loading={sending} fullWidth>
                  Withdraw Now
                </Button>
              )}
              {withPasskey ? (
                <Button
                  type={passkeyOnly ? 'submit' : 'button'}
                  variant={passkeyOnly ? 'primary' : 'secondary'}
                  loading={sending}
                  fullWidth
                  onClick={passkeyOnly ? undefined : (e) => void onSubmit(e, true)}
                >
                  Confirm with passkey
                </Button>
              ) : null}
            </>
          ) : null}
        </FormStack>
      </Panel>
      <WithdrawalReview
        open={review.open}
        facts={facts}
        confirmLabel={reviewByPasskey ? 'Confirm with passkey' : 'Send withdrawal'}
        busy={sending}
        onConfirm={review.confirm}
        onCancel={review.cancel}
      />
    </NarrowPage>
  );
}

const Balance = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
`;

const MaxButton = styled.button`
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
