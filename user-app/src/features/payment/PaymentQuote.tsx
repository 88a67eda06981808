import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Deposit, DepositPayment } from '@halcyon/api-client/model';
import { queryError, useApiQuery, useInvalidate } from '@halcyon/api-client/react';
import { Button, Facts, formatUsd, Muted, Row, SectionTitle, visuallyHidden } from '@halcyon/shared-ui';
import { webLink } from '@halcyon/app-kit';
import { CopyIcon } from '../../lib/icons';
import { AddressQr } from './AddressQr';
import { copyAddress } from './copyAddress';
import { NETWORK_NAME, expiryTime, networkNote, paymentStatus, pollEvery, timeLeft, walletLink } from './quote';
import { AddressBox, Note } from './styles';

/** A deposit the server quoted (POST /deposit answered with `payment`). */
export type QuotedDeposit = Deposit & { payment: DepositPayment };

/** Milliseconds to `deadline`, ticking every second while `active` and not yet past it. */
function useTimeLeft(deadline: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  const running = active && now < deadline;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return deadline - now;
}

/**
 * Payment information for a quoted deposit (issue 26): the coin amount, the investor's own
 * address (its QR code carries the payment link with the amount), the network, the confirmations
 * it needs, the time left on the quote, and the payment's status read again every few seconds
 * (GET /deposit/:id) until it is credited.
 */
export function PaymentQuote({ deposit: posted, assetName, focusTitle = true }: { deposit: QuotedDeposit; assetName: string; focusTitle?: boolean }) {
  const live = useApiQuery(
    'getDeposit',
    { params: { id: posted.id } },
    // The POST's answer is the first state: the first read goes out after one interval.
    { initialData: { data: posted }, refetchInterval: (query) => pollEvery(query.state.data?.data.payment?.state) },
  );
  const current = live.data?.data ?? posted;
  const payment = current.payment ?? posted.payment;
  const waiting = payment.state === 'waiting';
  const left = useTimeLeft(Date.parse(payment.expiresAt), waiting);
  // Past the expiry with nothing seen: say so now, before the server's next answer does.
  const state = waiting && left <= 0 ? 'expired' : payment.state;
  const status = paymentStatus({ ...payment, state }, { assetName, usd: current.amount });
  // Once credited, nothing is left to pay: the address, its QR and the network's warning go.
  const paying = state !== 'credited';
  const explorer = webLink(payment.explorerUrl);
  const wallet = walletLink(payment.uri);
  const refreshFailed = live.isError ? queryError(live, 'the server could not be reached') : null;

  // The button that created the quote had the focus and is gone: the quote's title takes it
  // (not when the page opens on a quote: the focus stays at the page's start then).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) title.current?.focus();
  }, [focusTitle]);

  // Credited: the balances and history shown elsewhere are read again when next shown.
  const invalidate = useInvalidate();
  const toldCredit = useRef(false);
  useEffect(() => {
    if (payment.state !== 'credited' || toldCredit.current) return;
    toldCredit.current = true;
    void invalidate('getProfile', 'getTransactions');
  }, [payment.state, invalidate]);

  return (
    <>
      <SectionTitle ref={title} tabIndex={-1}>
        {paying ? 'Send your payment' : 'Your deposit'}
      </SectionTitle>
      <Amounts>
        <Muted as="span">{paying ? 'Send exactly' : 'Paid'}</Muted>
        <strong>
          {payment.cryptoAmount} {payment.coin}
        </strong>
        <span>{formatUsd(posted.amount)}</span>
      </Amounts>

      {paying ? (
        <>
          <AddressBox>
            <div className="qr">
              <AddressQr value={payment.uri} label={`${assetName} payment QR code: your address and the amount`} />
            </div>
            <code aria-label="Your deposit address">{payment.address}</code>
          </AddressBox>
          <Muted>This address is yours alone: payments to it are credited to your account.</Muted>

          <Row>
            <Button variant="secondary" icon={<CopyIcon />} onClick={() => void copyAddress(payment.address)}>
              Copy
            </Button>
            {wallet ? <WalletLink href={wallet}>Open in a wallet app</WalletLink> : null}
          </Row>
        </>
      ) : null}

      <Facts>
        <dt>Network</dt>
        <dd>{NETWORK_NAME[payment.network]}</dd>
        <dt>Confirmations needed</dt>
        <dd>{payment.confirmationsRequired}</dd>
        <dt>Quote valid until</dt>
        <dd>
          <time dateTime={payment.expiresAt}>{expiryTime(payment.expiresAt)}</time>
        </dd>
        {waiting ? (
          <>
            <dt>Time left</dt>
            <dd>{left > 0 ? timeLeft(left) : 'Expired'}</dd>
          </>
        ) : null}
        <dt>Charge</dt>
        <dd>0.00 USD</dd>
      </Facts>

      {paying ? <Note>{networkNote(payment.network, payment.coin)}</Note> : null}

      <Status role="status" aria-live="polite" aria-atomic="true" aria-label="Payment status" data-state={state}>
        <strong>{status.title}</strong>
        <span>{status.body}</span>
      </Status>
      {payment.txid ? (
        <TxLine>
          Transaction ID:{' '}
          {explorer ? (
            <a href={explorer} target="_blank" rel="noopener noreferrer">
              <code>{payment.txid}</code>
              <Hidden> (opens the block explorer in a new tab)</Hidden>
            </a>
          ) : (
            <code>{payment.txid}</code>
          )}
        </TxLine>
      ) : null}
      {refreshFailed ? <Muted>Could not refresh the status ({refreshFailed}). Trying again in a few seconds.</Muted> : null}

      <Row>
        {state === 'expired' ? (
          <Button variant="secondary" to="/user/deposit">
            Start a new deposit
          </Button>
        ) : null}
        <Button to="/user/main">Back to dashboard</Button>
      </Row>
    </>
  );
}

const Amounts = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  strong { font-size: 1.5rem; overflow-wrap: anywhere; }
  strong + span::before { content: '= '; }
`;

const WalletLink = styled.a`
  color: ${({ theme }) => theme.colors.info};
  font-weight: 600;
`;

const Status = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radiusSmall};
  border-left: 3px solid ${({ theme }) => theme.colors.info};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  &[data-state='credited'] { border-left-color: ${({ theme }) => theme.colors.success}; }
  &[data-state='expired'], &[data-state='orphaned'] { border-left-color: ${({ theme }) => theme.colors.warning}; }
  span { font-size: ${({ theme }) => theme.font.size.small}; }
`;

const TxLine = styled(Muted)`
  overflow-wrap: anywhere;
  code { font-family: ${({ theme }) => theme.font.mono}; word-break: break-all; }
  a { color: ${({ theme }) => theme.colors.info}; }
`;

const Hidden = styled.span`${visuallyHidden}`;
