import { LIABILITY_COLUMNS, type LedgerEntry, type LiabilityColumn, type QueryOf } from '@halcyon/api-client/model';

// The investor's own balances at a proof-of-liabilities snapshot, read back from their ledger
// (GET /user/ledger, the Statement's "Balance after"), so that the browser check can refuse a proof
// whose leaf carries other amounts (docs/ledger.md "Proof of liabilities"). The profile's figures
// cannot serve: they are today's, and count only what is available (a leaf also counts what is held
// and invested).

/** The ledger asset of each proof column: the four coins, and the earnings account's usd. */
const COLUMN_ASSET: Record<LiabilityColumn, 'btc' | 'usdt' | 'eth' | 'sol' | 'usd'> = { btc: 'btc', usdt: 'usdt', eth: 'eth', sol: 'sol', earnings: 'usd' };

/**
 * How far from the snapshot's time a movement may or may not be in it: the snapshot reads every
 * account in one statement, but a money transaction that began just before may commit just after
 * it (and the other way round). Within this margin, any balance the asset had is accepted.
 */
const SNAPSHOT_MARGIN_MS = 60_000;

/** Entries read per column: enough to reach back past the snapshot unless that day was very busy. */
const LEDGER_READ = 100;

/** Per LIABILITY_COLUMNS column, the read of its newest entries up to the UTC day that ends the margin. */
export function ownLedgerReads(snapshotAt: string): Array<{ query: QueryOf<'getLedger'> }> {
  const to = new Date(Date.parse(snapshotAt) + SNAPSHOT_MARGIN_MS).toISOString().slice(0, 10);
  return LIABILITY_COLUMNS.map((column) => ({ query: { asset: COLUMN_ASSET[column], to, limit: LEDGER_READ } }));
}

const cents = (usd: number): string => String(Math.round(usd * 100));

/**
 * The amounts (cents) one column may hold in the snapshot, from its entries newest first: the
 * asset's balance (available + held + invested; the earnings account for usd) when the margin
 * opened, and after each entry inside it. Null when the entries read do not reach back past the
 * margin (`more` pages remain): the ledger cannot tell.
 */
export function allowedAt(entries: readonly LedgerEntry[], more: boolean, snapshotAt: string): string[] | null {
  const at = Date.parse(snapshotAt);
  const allowed = new Set<string>();
  for (const entry of entries) {
    const time = Date.parse(entry.createdAt);
    if (time > at + SNAPSHOT_MARGIN_MS) continue;
    allowed.add(cents(entry.assetBalanceAfter));
    if (time < at - SNAPSHOT_MARGIN_MS) return [...allowed];
  }
  if (more) return null;
  allowed.add('0'); // before its first entry, the asset held nothing
  return [...allowed];
}
