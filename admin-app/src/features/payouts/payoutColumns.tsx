import styled from 'styled-components';
import type { AdminPayout } from '@halcyon/api-client/model';
import { StatusBadge, type TableColumn } from '@halcyon/shared-ui';
import { TxidLink, shortTxid } from '@halcyon/app-kit';
import { CHAIN_NAMES, Coins, TwoLines, who } from '../../lib/chain';
import { utcTime } from '../../lib/format';
import { OfflineSigning, isOffline, type OfflinePayout } from './OfflineSigning';

const Mono = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  white-space: nowrap;
`;

/** The status, and 'Stuck' in red beside it when a sent payout has been in no block for 10 minutes. */
const State = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  strong { color: ${({ theme }) => theme.colors.danger}; }
`;

/** A sentence (the signer's last error): wraps, but not into a column of single words. */
const Sentence = styled.span`
  display: block;
  white-space: normal;
  overflow-wrap: anywhere;
  @media (min-width: 600px) { min-width: 24ch; }
`;

/**
 * The payouts table: who is paid, how much (USD, and coins over their chain) and where, where the
 * payout is (its status, stuck or not, its transaction and confirmations once sent), how often the
 * signer tried and why it failed; an offline payout's row has its download and upload.
 */
export function payoutColumns(onUpload: (payout: OfflinePayout) => void): TableColumn<AdminPayout>[] {
  return [
    { key: 'user', header: 'Investor', render: who, wrap: true, sortable: true, sortValue: (p) => `${p.user.name} ${p.user.email}` },
    { key: 'amount', header: 'Amount (USD)', kind: 'money', sortable: true },
    {
      key: 'cryptoAmount',
      header: 'Crypto amount',
      render: (p) => (
        <TwoLines>
          <Coins>{`${p.cryptoAmount} ${p.coin}`}</Coins>
          <small>{CHAIN_NAMES[p.network]}</small>
        </TwoLines>
      ),
    },
    { key: 'destination', header: 'Destination', render: (p) => <Mono title={p.destination}>{shortTxid(p.destination)}</Mono> },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (p) => (
        <State>
          <StatusBadge status={p.status} />
          {p.stuck ? <strong>Stuck</strong> : null}
        </State>
      ),
    },
    { key: 'txid', header: 'Transaction', render: (p) => (p.txid ? <TxidLink txid={p.txid} explorerUrl={p.explorerUrl} /> : null) },
    { key: 'confirmations', header: 'Confirmations', render: (p) => (p.txid ? `${p.confirmations} of ${p.confirmationsRequired}` : null) },
    { key: 'attempts', header: 'Attempts' },
    { key: 'lastError', header: 'Last error', render: (p) => (p.lastError ? <Sentence>{p.lastError}</Sentence> : null), wrap: true },
    { key: 'createdAt', header: 'Queued', kind: 'date', sortable: true, render: (p) => <time dateTime={p.createdAt}>{utcTime(p.createdAt)}</time> },
    { key: 'offline', header: 'Offline signing', render: (p) => (isOffline(p) ? <OfflineSigning payout={p} onUpload={() => onUpload(p)} /> : null), wrap: true },
  ];
}
