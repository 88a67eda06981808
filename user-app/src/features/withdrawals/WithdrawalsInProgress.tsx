import { useState } from 'react';
import { METHOD_ASSET, type Transaction, type WithdrawMethod } from '@halcyon/api-client/model';
import { useApiPages } from '@halcyon/api-client/react';
import { formatMoney, SectionTitle, StatusBadge } from '@halcyon/shared-ui';
import { assetByAbbr } from '../../lib/assets';
import { Item, List, More, Requested } from '../../lib/inProgress';
import { PayoutStatus } from './PayoutStatus';

const SHOWN = 5;
const OPEN = (status: string) => ({ origin: 'request', type: 'withdraw', status, limit: SHOWN }) as const;

/** Approved, but its payout on the chain not complete yet: still on its way to the investor. */
const stillPaying = (t: Transaction) => Boolean(t.payout && t.payout.state !== 'complete');

/**
 * The dashboard's withdrawals in progress (issue 29 item 2): each one waiting for a decision
 * (pending, processing) or approved and still being paid on the chain, newest first, with its
 * amount, asset, when it was requested and where it stands. Nothing when there is none.
 */
export function WithdrawalsInProgress() {
  const pending = useApiPages('getTransactions', OPEN('pending'));
  const processing = useApiPages('getTransactions', OPEN('processing'));
  const approved = useApiPages('getTransactions', OPEN('approved'));
  const [now] = useState(() => Date.now());
  const open = [...(pending.data ?? []), ...(processing.data ?? []), ...(approved.data ?? []).filter(stillPaying)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const rows = open.slice(0, SHOWN);
  const more = open.length > SHOWN || Boolean(pending.hasNextPage || processing.hasNextPage);

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
      {more ? <More to="/user/transactions">See all in Transactions</More> : null}
    </section>
  );
}
