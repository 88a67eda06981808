import styled from 'styled-components';
import type { ChainPaymentRow, ChainReserve, ChainStatus } from '@halcyon/api-client/model';
import { capitalize, formatMoney } from '@halcyon/shared-ui';
import { TxidLink } from '@halcyon/app-kit';
import { Gap } from '../../lib/Gap';
import { utcTime } from '../../lib/format';
import { CHAIN_NAMES } from './queries';

type Flag = ChainStatus['flagged'][number];

/** A coin amount as one unbreakable figure: '0.00416667 BTC'. */
const Coins = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const Person = styled.span`
  display: inline-flex;
  flex-direction: column;
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const who = (row: { user: { name: string; email: string } }) => (
  <Person>
    <span>{row.user.name}</span>
    <small>{row.user.email}</small>
  </Person>
);

const chain = { key: 'chain', header: 'Chain', render: (r: { chain: ChainPaymentRow['chain'] }) => CHAIN_NAMES[r.chain] };

/** A payment to an investor's address that was not simply credited: no quote, dust, orphaned, reorged, reversed. */
export const attentionColumns = [
  chain,
  { key: 'user', header: 'User', render: who },
  { key: 'amount', header: 'Amount', render: (p: ChainPaymentRow) => <Coins>{`${p.amount} ${p.coin}`}</Coins> },
  { key: 'status', header: 'Status', kind: 'status' as const },
  { key: 'valuation', header: 'Valuation', render: (p: ChainPaymentRow) => (p.valuation ? capitalize(p.valuation) : null) },
  { key: 'credited', header: 'Credited (USD)', kind: 'money' as const },
  { key: 'txid', header: 'Transaction ID', render: (p: ChainPaymentRow) => <TxidLink txid={p.txid} explorerUrl={p.explorerUrl} /> },
  { key: 'seenAt', header: 'Seen', render: (p: ChainPaymentRow) => <time dateTime={p.seenAt}>{utcTime(p.seenAt)}</time> },
];

/** On chain minus owed, in cents; null while either side is unknown. */
function reserveGap(r: ChainReserve): number | null {
  return r.onChainUsd === null ? null : (Math.round(r.onChainUsd * 100) - Math.round(r.owed * 100)) / 100;
}

/** Per chain: what its investors' addresses hold (coins and USD) beside what the ledger owes in that asset. */
export const reserveColumns = [
  chain,
  {
    key: 'onChain',
    header: 'On chain',
    render: (r: ChainReserve) =>
      r.onChain === null ? (
        'Not measured yet'
      ) : (
        <Person>
          <Coins>{`${r.onChain} ${r.coin}`}</Coins>
          <small>{r.onChainUsd === null ? 'No price' : formatMoney(r.onChainUsd)}</small>
        </Person>
      ),
  },
  { key: 'owed', header: 'Owed to users', kind: 'money' as const },
  {
    key: 'difference',
    header: 'On chain − owed',
    render: (r: ChainReserve) => {
      const gap = reserveGap(r);
      return gap === null ? null : <Gap value={gap} />;
    },
  },
  { key: 'addresses', header: 'Addresses', render: (r: ChainReserve) => r.addresses.toLocaleString('en-US') },
  { key: 'measuredAt', header: 'Measured', render: (r: ChainReserve) => (r.measuredAt ? <time dateTime={r.measuredAt}>{utcTime(r.measuredAt)}</time> : 'Not yet') },
];

/** Accounts held for review: a credited deposit whose payment left the chain. */
export const flaggedColumns = [
  { key: 'user', header: 'User', render: who },
  { key: 'reason', header: 'Reason' },
  { key: 'since', header: 'Since', render: (f: Flag) => <time dateTime={f.since}>{utcTime(f.since)}</time> },
];
