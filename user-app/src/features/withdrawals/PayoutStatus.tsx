import { TxidLink } from '@halcyon/app-kit';
import styled from 'styled-components';
import { StatusBadge } from '@halcyon/shared-ui';
import type { WithdrawalPayout } from '@halcyon/api-client/model';

/**
 * An approved withdrawal paid on the chain (issue 27): its status, then where the payout stands:
 * queued for the signer, sent (the transaction, its confirmations rising), complete, or delayed.
 */
export function PayoutStatus({ status, payout }: { status: string; payout: WithdrawalPayout }) {
  const amount = `${payout.cryptoAmount} ${payout.coin}`;
  return (
    <StatusStack>
      <StatusBadge status={status} />
      {payout.state === 'queued' ? <span>Sending {amount}: queued</span> : null}
      {payout.state === 'delayed' ? <span>Sending {amount}: delayed, our team is on it</span> : null}
      {payout.txid && (payout.state === 'sent' || payout.state === 'complete') ? (
        <>
          <span>
            Sent {amount}, tx <TxidLink txid={payout.txid} explorerUrl={payout.explorerUrl} />
          </span>
          <span>{payout.state === 'complete' ? 'Complete' : `${Math.min(payout.confirmations, payout.confirmationsRequired)} of ${payout.confirmationsRequired} confirmations`}</span>
        </>
      ) : null}
    </StatusStack>
  );
}

/** A status badge with lines under it (a transaction, its confirmations), as the transactions list shows them. */
export const StatusStack = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.small};
`;
