import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { Button, Facts, formatUsd, toast, Heading, Muted, NarrowPage, Panel } from '@halcyon/shared-ui';
import type { ResponseOf } from '@halcyon/api-client/model';
import { userAtom } from '@halcyon/api-client/http';
import { useApiMutation, useApiQuery } from '@halcyon/api-client/react';
import { AddressQr } from '../features/payment/AddressQr';
import { copyAddress } from '../features/payment/copyAddress';
import { PaymentQuote, type QuotedDeposit } from '../features/payment/PaymentQuote';
import { AddressBox, Note } from '../features/payment/styles';
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

/**
 * /user/payment-info: where to send the chosen asset, then Confirm Payment creates the pending
 * deposit. When the server quotes it (its chain is watched), the quote replaces the shared
 * address: the investor's own address, the coin amount and the payment's live status.
 */
export default function PaymentInfo() {
  const user = useAtomValue(userAtom);
  const redirect = useDelayedRedirect('/user/main');
  const selected = useMemo(() => readSelectedAsset(), []);
  const asset = selected ? assetByAbbr(selected.abbr) : undefined;
  const [done, setDone] = useState(false);
  const wallet = useApiQuery('getWalletAddresses', undefined, { select: firstRecord });
  useReadToasts(wallet, WALLET_FAILED);
  const deposit = useApiMutation('createDeposit', { invalidates: ['getProfile', 'getTransactions'] });
  const address = asset && wallet.data ? wallet.data[asset.walletKey].trim() : '';

  // The POST's answer: with `payment` the deposit is a quote on a watched chain (issue 26), paid to
  // the investor's own address and credited from the chain; without, the spec's manual review.
  const posted = deposit.data?.data;
  const quoted: QuotedDeposit | null = posted?.payment ? { ...posted, payment: posted.payment } : null;

  const confirm = async () => {
    if (!selected || !asset || !user) {
      toast.error('Invalid payment details.');
      return;
    }
    const body = { method: asset.depositMethod, amount: selected.amount, from: user.uid };
    const sent = await withToasts({ success: 'Deposit initiated successfully!', failure: 'Deposit failed. Please try again.' }, () => deposit.mutateAsync({ input: { body } }));
    if (!sent.ok) return;
    // A quote stays on screen: the investor pays it now, and watches it arrive.
    if (sent.result.data.payment) return;
    setDone(true);
    redirect();
  };

  return (
    <NarrowPage>
      <BackLink />
      <Heading>Payment information</Heading>
      <Panel aria-label="Payment details">
        <Gateway>
          <Muted>Gateway</Muted>
          <strong>{asset?.name ?? selected?.name ?? 'No asset selected'}</strong>
        </Gateway>

        {quoted ? (
          <PaymentQuote deposit={quoted} assetName={asset?.name ?? quoted.payment.coin} />
        ) : (
          <>
            {wallet.isPending || wallet.isError ? (
              <ReadState query={wallet} fallback={WALLET_FAILED} loading="Loading wallet address..." />
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

            <Button variant="secondary" icon={<CopyIcon />} onClick={() => void copyAddress(address)} disabled={wallet.isPending}>
              Copy
            </Button>

            <Facts>
              <dt>Amount</dt>
              <dd>{selected ? formatUsd(selected.amount) : '-'}</dd>
              <dt>Charge</dt>
              <dd>0.00 USD</dd>
            </Facts>

            <Note>
              Send only {asset?.name ?? 'the selected asset'} to this address using the BEP-20 (Binance Smart Chain) network. Other networks may lose your funds.
            </Note>

            <Button onClick={() => void confirm()} loading={deposit.isPending} disabled={deposit.isPending || done} fullWidth>
              Confirm Payment
            </Button>
            {done ? <Muted role="status">Your deposit is pending approval. Returning to the dashboard...</Muted> : null}
          </>
        )}
      </Panel>
    </NarrowPage>
  );
}

const Gateway = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  strong { font-size: 1.25rem; }
`;
