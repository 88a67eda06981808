import type { ChainPaymentRow, ChainReserve, ChainStatus } from '@halcyon/api-client/model';
import { capitalize, formatCount, formatMoney } from '@halcyon/shared-ui';
import { TxidLink } from '@halcyon/app-kit';
import { CHAIN_NAMES, Coins, TwoLines, who } from '../../lib/chain';
import { Gap } from '../../lib/Gap';
import { utcTime } from '../../lib/format';

type Flag = ChainStatus['flagged'][number];

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
        <TwoLines>
          <Coins>{`${r.onChain} ${r.coin}`}</Coins>
          <small>{r.onChainUsd === null ? 'No price' : formatMoney(r.onChainUsd)}</small>
        </TwoLines>
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
  { key: 'addresses', header: 'Addresses', render: (r: ChainReserve) => formatCount(r.addresses) },
  { key: 'measuredAt', header: 'Measured', render: (r: ChainReserve) => (r.measuredAt ? <time dateTime={r.measuredAt}>{utcTime(r.measuredAt)}</time> : 'Not yet') },
];

/** Accounts held for review: a credited deposit whose payment left the chain. */
export const flaggedColumns = [
  { key: 'user', header: 'User', render: who },
  { key: 'reason', header: 'Reason' },
  { key: 'since', header: 'Since', render: (f: Flag) => <time dateTime={f.since}>{utcTime(f.since)}</time> },
];
