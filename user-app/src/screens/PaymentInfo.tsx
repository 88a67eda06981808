import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { Button, Facts, formatUsd, Heading, Muted, NarrowPage, Panel } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { METHOD_CHAIN, type Deposit, type ResponseOf } from '@halcyon/api-client/model';
import { userAtom } from '@halcyon/api-client/http';
import { useApiMutation, useApiQuery } from '@halcyon/api-client/react';
import { AddressQr } from '../features/payment/AddressQr';
import { copyAddress } from '../features/payment/copyAddress';
import { OpenedDeposit } from '../features/payment/OpenedDeposit';
import { AddressBox, Gateway, Note } from '../features/payment/styles';
import { BackLink } from '../features/navigation/BackLink';
import { assetByAbbr } from '../lib/assets';
import { useDelayedRedirect } from '../lib/redirect';
import { readSelectedAsset } from '../lib/selectedAsset';
import { ReadState, withToasts } from '@halcyon/app-kit';
import { useReadToasts } from '../lib/useReadToasts';
import { CopyIcon } from '../lib/icons';

const WALLET_FAILED = 'Failed to load wallet addresses';

/** The platform's address record is the first item (spec 7). */
const firstRecord = (res: ResponseOf<'getWalletAddresses'>) => res.data[0] ?? null;

/** The page's address names the deposit shown: `?deposit=<id>`. */
const DEPOSIT_PARAM = 'deposit';

/**
 * /user/payment-info. Without `?deposit=`: the asset chosen on Deposit (the stored selection), and
 * the button that creates the deposit (POST /deposit). With it: that deposit, read from the server
 * (OpenedDeposit). A deposit the server quotes (its chain watched, issue 26) goes into the address
 * as soon as it is created, so a reload or the dashboard's Open shows the same quote again.
 */
export default function PaymentInfo() {
  const [params, setParams] = useSearchParams();
  const opened = params.get(DEPOSIT_PARAM);
  // This page's own POST answer, so the new quote shows at once (not read again).
  const [created, setCreated] = useState<Deposit | undefined>(undefined);

  const quoted = (deposit: Deposit) => {
    setCreated(deposit);
    setParams({ [DEPOSIT_PARAM]: deposit.id }, { replace: true });
  };

  return (
    <NarrowPage>
      <BackLink />
      <Heading>Payment information</Heading>
      {opened ? (
        <OpenedDeposit key={opened} id={opened} {...(created?.id === opened ? { created } : {})} />
      ) : (
        <ChosenAsset onQuoted={quoted} />
      )}
    </NarrowPage>
  );
}

/**
 * The stored choice (spec 9). An asset paid on a chain where investors get their own address
 * (`wallet.chains`) never shows the shared address: 'Get my deposit address' creates the deposit
 * and its quote. Any other asset (Solana, a chain without its key) is the spec's manual flow: the
 * shared address with its QR code, Confirm Payment, then back to the dashboard after 5 s.
 */
function ChosenAsset({ onQuoted }: { onQuoted: (deposit: Deposit) => void }) {
  const user = useAtomValue(userAtom);
  const redirect = useDelayedRedirect('/user/main');
  const selected = useMemo(() => readSelectedAsset(), []);
  const asset = selected ? assetByAbbr(selected.abbr) : undefined;
  const [done, setDone] = useState(false);
  const wallet = useApiQuery('getWalletAddresses', undefined, { select: firstRecord });
  useReadToasts(wallet, WALLET_FAILED);
  const deposit = useApiMutation('createDeposit', { invalidates: ['getProfile', 'getTransactions'] });
  const chain = asset ? METHOD_CHAIN[asset.depositMethod] : undefined;
  const ownAddress = chain !== undefined && (wallet.data?.chains?.includes(chain) ?? false);
  const address = asset && wallet.data && !ownAddress ? wallet.data[asset.walletKey].trim() : '';

  const confirm = async () => {
    if (!selected || !asset || !user) {
      toast.error('Invalid payment details.');
      return;
    }
    const body = { method: asset.depositMethod, amount: selected.amount, from: user.uid };
    const sent = await withToasts({ success: 'Deposit initiated successfully!', failure: 'Deposit failed. Please try again.' }, () => deposit.mutateAsync({ input: { body } }));
    if (!sent.ok) return;
    // The POST's answer: with `payment` the deposit is a quote (issue 26), paid to the investor's
    // own address and credited from the chain; it stays on screen to be paid and watched.
    // Without, the spec's manual review.
    if (sent.result.data.payment) {
      onQuoted(sent.result.data);
      return;
    }
    setDone(true);
    redirect();
  };

  const amount = (
    <Facts>
      <dt>Amount</dt>
      <dd>{selected ? formatUsd(selected.amount) : '-'}</dd>
      <dt>Charge</dt>
      <dd>0.00 USD</dd>
    </Facts>
  );
  const pendingNote = done ? <Muted role="status">Your deposit is pending approval. Returning to the dashboard...</Muted> : null;

  return (
    <Panel aria-label="Payment details">
      <Gateway>
        <Muted>Gateway</Muted>
        <strong>{asset?.name ?? selected?.name ?? 'No asset selected'}</strong>
      </Gateway>

      {wallet.isPending ? (
        <ReadState query={wallet} fallback={WALLET_FAILED} loading="Loading wallet address..." />
      ) : ownAddress && asset ? (
        <>
          {amount}
          <Muted>
            {asset.name} deposits are paid to an address of your own. Get it with the exact amount of {asset.otheAbbr} to send: the amount is
            valid for a limited time.
          </Muted>
          <Button onClick={() => void confirm()} loading={deposit.isPending} disabled={deposit.isPending || done} fullWidth>
            Get my deposit address
          </Button>
          {pendingNote}
        </>
      ) : (
        <>
          {wallet.isError ? (
            <ReadState query={wallet} fallback={WALLET_FAILED} />
          ) : address ? (
            <AddressBox>
              <div className="qr">
                <AddressQr value={address} label={`${asset?.name ?? ''} deposit address QR code`} />
              </div>
              <code aria-label="Deposit address">{address}</code>
            </AddressBox>
          ) : (
            <AddressBox>
              <p role="alert">Invalid or missing wallet address</p>
              <code>No address available</code>
            </AddressBox>
          )}

          <Button variant="secondary" icon={<CopyIcon />} onClick={() => void copyAddress(address)}>
            Copy
          </Button>

          {amount}

          <Note>
            Send only {asset?.name ?? 'the selected asset'} to this address using the BEP-20 (Binance Smart Chain) network. Other networks may lose your funds.
          </Note>

          <Button onClick={() => void confirm()} loading={deposit.isPending} disabled={deposit.isPending || done} fullWidth>
            Confirm Payment
          </Button>
          {pendingNote}
        </>
      )}
    </Panel>
  );
}
