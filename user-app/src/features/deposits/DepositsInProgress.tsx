import { useState } from 'react';
import { METHOD_CHAIN, type DepositMethod, type PaymentState, type Transaction } from '@halcyon/api-client/model';
import { useApiPages, useApiQueries } from '@halcyon/api-client/react';
import { Button, formatMoney, SectionTitle } from '@halcyon/shared-ui';
import { assetByMethod } from '../../lib/assets';
import { Item, List, More, Requested } from '../../lib/inProgress';

/**
 * The investor's deposits still pending, newest first: the first few (the rest are in
 * Transactions). open=true rather than status=pending: the server reads the pending ones from
 * their own index, never the investor's whole history (migration 029).
 */
const IN_PROGRESS = { origin: 'request', type: 'deposit', open: 'true', limit: 5 } as const;

/** A quote's state in a word or two (Payment information says the rest). */
const QUOTE_STATE: Record<PaymentState, string> = {
  waiting: 'Awaiting payment',
  seen: 'Payment seen',
  credited: 'Credited',
  expired: 'Quote expired',
  orphaned: 'Confirming again',
};

/** A method paid on a watched chain may have a quote; Solana never does. */
const mayBeQuoted = (t: Transaction) => METHOD_CHAIN[t.method as DepositMethod] !== undefined;

/**
 * The dashboard's deposits in progress (issue 26): each pending deposit with its amount, asset and
 * when it was requested, and for one with a quote (read from GET /deposit/:id, which alone carries
 * it) its state and an Open link back to its Payment information. Nothing at all when there is
 * none, or when the list cannot be read (Transactions shows the reason). No payment screen code
 * is imported here: the dashboard is the first screen loaded.
 */
export function DepositsInProgress() {
  const list = useApiPages('getTransactions', IN_PROGRESS);
  const rows = list.data ?? [];
  const quotable = rows.filter(mayBeQuoted);
  const reads = useApiQueries(
    'getDeposit',
    quotable.map((t) => ({ params: { id: t.id } })),
  );
  const quoteOf = new Map(quotable.map((t, i) => [t.id, reads[i]?.data?.data.payment ?? null]));
  const [now] = useState(() => Date.now());

  if (!rows.length) return null;
  return (
    <section aria-labelledby="deposits-in-progress">
      <SectionTitle id="deposits-in-progress">Deposits in progress</SectionTitle>
      <List>
        {rows.map((t) => {
          const asset = assetByMethod(t.method)?.name ?? t.method;
          const quote = quoteOf.get(t.id);
          return (
            <Item key={t.id} aria-label={`${formatMoney(t.amount)} ${asset}`}>
              <div className="what">
                <span className="amount">{formatMoney(t.amount)}</span>
                <span className="meta">
                  {asset} ·{' '}
                  <Requested at={t.createdAt} now={now} />
                  {quote ? ` · ${QUOTE_STATE[quote.state]}` : null}
                </span>
              </div>
              {quote ? (
                <Button variant="secondary" to={`/user/payment-info?deposit=${encodeURIComponent(t.id)}`} aria-label={`Open the ${formatMoney(t.amount)} ${asset} deposit`}>
                  Open
                </Button>
              ) : null}
            </Item>
          );
        })}
      </List>
      {list.hasNextPage ? <More to="/user/transactions">See all in Transactions</More> : null}
    </section>
  );
}
