import type { Deposit } from '@halcyon/api-client/model';
import { useApiQuery } from '@halcyon/api-client/react';
import { Button, Facts, capitalize, formatDateTime, formatUsd, Muted, Panel } from '@halcyon/shared-ui';
import { ReadState } from '@halcyon/app-kit';
import { assetByMethod } from '../../lib/assets';
import { PaymentQuote } from './PaymentQuote';
import { Gateway } from './styles';

const DEPOSIT_FAILED = 'Failed to load this deposit.';

interface OpenedDepositProps {
  /** The deposit in the page's address (`?deposit=`) */
  id: string;
  /** POST /deposit's answer when this page just created it: shown at once, its title focused */
  created?: Deposit;
}

/**
 * Payment information for a deposit already made (issue 26): `/user/payment-info?deposit=<id>`,
 * after a reload, or opened from the dashboard's deposits in progress. The deposit is read
 * (GET /deposit/:id), not the stored selection: its quote when it has one, else what it is.
 */
export function OpenedDeposit({ id, created }: OpenedDepositProps) {
  const read = useApiQuery('getDeposit', { params: { id } }, { select: (res) => res.data, ...(created ? { initialData: { data: created } } : {}) });
  const name = read.data ? (assetByMethod(read.data.method)?.name ?? read.data.method) : null;

  return (
    <Panel aria-label="Payment details">
      <Gateway>
        <Muted>Gateway</Muted>
        <strong>{name ?? '…'}</strong>
      </Gateway>
      <ReadState query={read} fallback={DEPOSIT_FAILED} loading="Loading your deposit...">
        {(deposit) =>
          deposit.payment ? (
            <PaymentQuote deposit={{ ...deposit, payment: deposit.payment }} assetName={name ?? deposit.payment.coin} focusTitle={created !== undefined} />
          ) : (
            <Reviewed deposit={deposit} />
          )
        }
      </ReadState>
    </Panel>
  );
}

/** A deposit without a quote: the manual review's (spec 9), nothing to pay to here. */
function Reviewed({ deposit }: { deposit: Deposit }) {
  return (
    <>
      <Facts>
        <dt>Amount</dt>
        <dd>{formatUsd(deposit.amount)}</dd>
        <dt>Requested</dt>
        <dd>
          <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)} UTC</time>
        </dd>
        <dt>Status</dt>
        <dd>{capitalize(deposit.status)}</dd>
      </Facts>
      <Muted>
        {deposit.status === 'pending'
          ? 'This deposit has no address of its own: an administrator reviews it and credits your balance once your payment is confirmed.'
          : 'This deposit has no address of its own: it was reviewed by an administrator.'}
      </Muted>
      <div>
        <Button to="/user/main">Back to dashboard</Button>
      </div>
    </>
  );
}
