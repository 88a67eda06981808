import { useState } from 'react';
import { METHOD_ASSET, type WithdrawMethod } from '@halcyon/api-client/model';
import { useApiPages } from '@halcyon/api-client/react';
import { formatMoney, SectionTitle, StatusBadge } from '@halcyon/shared-ui';
import { assetByAbbr } from '../../lib/assets';
import { Item, List, More, Requested } from '../../lib/inProgress';
import { PayoutStatus } from './PayoutStatus';

const SHOWN = 5;
/** Waiting for a decision, or approved and still being paid on the chain: the server says which (open=true). */
const IN_PROGRESS = { origin: 'request', type: 'withdraw', open: 'true', limit: SHOWN } as const;

/**
 * The dashboard's withdrawals in progress (issue 29 item 2): each one waiting for a decision
 * (pending, processing) or approved and still being paid on the chain, newest first, with its
 * amount, asset, when it was requested and where it stands. Nothing when there is none. One
 * request (issue 32: each one more at the page's start lengthened its longest tasks on a phone).
 */
export function WithdrawalsInProgress() {
  const list = useApiPages('getTransactions', IN_PROGRESS);
  const [now] = useState(() => Date.now());
  const rows = list.data ?? [];

  if (!rows.length) return null;
  return (
    <section aria-labelledby="withdrawals-in-progress">
      <SectionTitle id="withdrawals-in-progress">Withdrawals in progress</SectionTitle>
      <List>
        {rows.map((t) => {
          const asset = assetByAbbr(METHOD_ASSET[t.method as WithdrawMethod] ?? '')?.name ?? t.method;
          const name = t.method === 'bank' ? 'Bank' : asset;
          return (
            <Item key={t.id} aria-label={`${formatMoney(t.amount)} ${name}`}>
              <div className="what">
                <span className="amount">{formatMoney(t.amount)}</span>
                <span className="meta">
                  {name} · <Requested at={t.createdAt} now={now} />
                </span>
              </div>
              {t.payout ? <PayoutStatus status={t.status} payout={t.payout} /> : <StatusBadge status={t.status} />}
            </Item>
          );
        })}
      </List>
      {list.hasNextPage ? <More to="/user/transactions">See all in Transactions</More> : null}
    </section>
  );
}
