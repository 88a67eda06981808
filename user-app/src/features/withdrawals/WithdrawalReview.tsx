import styled from 'styled-components';
import { Button, Modal, formatMoney } from '@halcyon/shared-ui';
import type { WithdrawMethod } from '@halcyon/api-client/model';

/**
 * The network each method pays out on, as the review names it. USDT is paid on BNB Smart Chain
 * (docs/chain.md "Payouts"), named as the payment screen names that network.
 */
const WITHDRAW_NETWORK: Readonly<Record<WithdrawMethod, string>> = {
  bank: 'Bank transfer',
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum (ERC-20)',
  solana: 'Solana',
  usdt: 'BEP-20 (Binance Smart Chain)',
};

/** What the withdrawal about to be sent is, as the investor checks it. */
export interface WithdrawalFacts {
  method: WithdrawMethod;
  /** The asset it draws from ('Bitcoin'; USDT for bank). */
  assetName: string;
  /** The wallet address, or the bank's name and account number. */
  destination: string;
  amount: number;
  fee: number;
}

export interface WithdrawalReviewProps {
  open: boolean;
  facts: WithdrawalFacts | null;
  /** 'Send withdrawal', or 'Confirm with passkey' when the passkey confirms it. */
  confirmLabel: string;
  /** While the request runs: the confirm shows it, going back waits. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Review your withdrawal": what will be sent, before it is (issue 29 item 3). */
export function WithdrawalReview({ open, facts, confirmLabel, busy, onConfirm, onCancel }: WithdrawalReviewProps) {
  return (
    <Modal
      open={open && facts !== null}
      title="Review your withdrawal"
      onClose={onCancel}
      footer={
        <Buttons>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Back to edit
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Buttons>
      }
    >
      {facts ? (
        <List aria-label="Withdrawal details">
          <div>
            <dt>Asset</dt>
            <dd>{facts.assetName}</dd>
          </div>
          <div>
            <dt>Network</dt>
            <dd>{WITHDRAW_NETWORK[facts.method]}</dd>
          </div>
          <div>
            <dt>Destination</dt>
            <dd className={facts.method === 'bank' ? undefined : 'address'}>{facts.destination}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd>{formatMoney(facts.amount)}</dd>
          </div>
          <div>
            <dt>Fee</dt>
            <dd>{formatMoney(facts.fee)}</dd>
          </div>
          <div className="total">
            <dt>You receive</dt>
            <dd>{formatMoney(facts.amount - facts.fee)}</dd>
          </div>
        </List>
      ) : null}
    </Modal>
  );
}

/** One row per fact (a div around each dt / dd pair): the term left, its value right, long values wrapped. */
const List = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  & > div { display: flex; align-items: baseline; justify-content: space-between; gap: ${({ theme }) => theme.space(4)}; }
  dt { flex: none; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { flex: 1 1 auto; min-width: 0; margin: 0; text-align: right; overflow-wrap: anywhere; }
  dd.address { font-family: ${({ theme }) => theme.font.mono}; font-size: ${({ theme }) => theme.font.size.small}; }
  .total {
    padding-top: ${({ theme }) => theme.space(3)};
    border-top: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
    font-weight: 700;
  }
  .total dt { color: ${({ theme }) => theme.colors.text}; }
`;

/** Side by side when they fit; on a phone each takes the width, the confirm on top. */
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  & > * { flex: 1 1 160px; }
`;
