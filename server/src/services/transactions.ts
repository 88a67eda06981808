import type { Chain, LedgerEntry, ParsedQueryOf, Transaction, TransactionType } from '@halcyon/api-client/contract';
import type { Chains } from '../chain/chains';
import { Params, dayRange, desc, int8, splitPage, text, ts, type Cursors, type Paged } from '../db/keyset';
import { foundRows, movementsDense, searchMatch, searchUsers, type UserSearch } from '../db/user-search';
import type { Queryable } from '../db/types';
import { dbUsd } from '../ledger/money';
import { iso, userRef, type UserColumns } from '../ledger/rows';
import { PAYOUT_COLUMNS, payoutOf, type PayoutColumns } from './payouts';

interface TransactionRow extends UserColumns, PayoutColumns {
  id: string;
  type: Transaction['type'];
  method: string;
  amount_cents: string;
  status: string;
  created_at: Date;
  source: string;
  txid: string | null;
  tx_chain: Chain | null;
}

/** `chains` gives a chain-credited deposit's or a payout's explorer link. */
const toTransaction = (chains: Chains) => (r: TransactionRow): Transaction => {
  const payout = payoutOf(r, chains);
  const txid = r.txid ?? payout?.txid ?? null;
  const chain = r.tx_chain ?? payout?.network ?? null;
  return {
    id: r.id, type: r.type, method: r.method, amount: dbUsd(r.amount_cents), status: r.status,
    createdAt: iso(r.created_at), source: r.source, user: userRef(r),
    txid, explorerUrl: txid && chain ? (chains.watched[chain]?.explorerUrl(txid) ?? null) : null,
    ...(r.type === 'withdraw' ? { payout } : {}),
  };
};

type TransactionFilters = ParsedQueryOf<'allTransactions'>;

/** One source of transactions: a request table, or the ledger movements that are not requests. */
interface Branch {
  origin: 'request' | 'ledger';
  /** The type its rows have, or an SQL expression for it. */
  type: TransactionType | null;
  select: string;
  /** A request branch's table (under `alias`): the search's investors found by id narrow it first. */
  table?: string;
  from: string;
  alias: string;
  uid: string;
  /** The row's own id, and for movements their investment: what a search checks besides the investor. */
  id: string;
  investment?: string;
  /** Conditions every row of the branch meets. */
  where: readonly string[];
  /**
   * A request still in progress (`open=true`; movements never are): the condition, or where the
   * table's open rows are read from without walking an investor's whole history (migration 029;
   * the condition still applies when a search reads the rows instead).
   */
  open?: { where: string; from?: string };
  /** The key's second column: text that orders like the table's own order. */
  sortId: string;
  orderId: string;
}

const LISTED_KINDS = "('investment_stop_principal', 'maturity_principal', 'earnings_credit', 'earnings_deduct', 'maturity_earnings')";

const REQUEST_BRANCHES: readonly Branch[] = [
  { origin: 'request', type: 'deposit', alias: 'd', table: 'deposits', from: 'deposits d', uid: 'd.uid', id: 'd.id', where: [], sortId: 'd.id', orderId: 'd.id',
    open: { where: "d.status = 'pending'" },
    select: "d.id, 'deposit' AS type, d.method, d.amount_cents, d.status, d.created_at, 'deposit' AS source, d.uid" },
  { origin: 'request', type: 'withdraw', alias: 'w', table: 'withdrawals', from: 'withdrawals w', uid: 'w.uid', id: 'w.id', where: [], sortId: 'w.id', orderId: 'w.id',
    // Waiting for a decision, or approved and its payout not yet confirmed on its chain (one paid
    // by hand has none: done when approved).
    open: {
      where: "(w.status IN ('pending', 'processing') OR (w.status = 'approved' AND EXISTS (SELECT 1 FROM payouts p WHERE p.withdrawal_id = w.id AND p.status <> 'confirmed')))",
      from: `(SELECT * FROM withdrawals WHERE status IN ('pending', 'processing')
              UNION ALL SELECT o.* FROM payouts p JOIN withdrawals o ON o.id = p.withdrawal_id WHERE p.status <> 'confirmed' AND o.status = 'approved') w`,
    },
    select: "w.id, 'withdraw' AS type, w.method, w.amount_cents, w.status, w.created_at, 'withdrawal' AS source, w.uid" },
  { origin: 'request', type: 'investment', alias: 'i', table: 'investments', from: 'investments i', uid: 'i.uid', id: 'i.id', where: [], sortId: 'i.id', orderId: 'i.id',
    open: { where: "i.status <> 'ended'" },
    select: "i.id, 'investment' AS type, i.method, i.amount_cents, i.status, i.created_at, 'investment' AS source, i.uid" },
];

// Principal returned on stop or maturity (type 'investment'), earnings credited, deducted
// (negative) or paid at maturity (type 'earn'); method 'transfer', status 'completed'. Transfer ids
// are zero-padded in the key so text order is their numeric order (the index's).
const MOVEMENT_TYPE = "CASE WHEN t.kind IN ('investment_stop_principal', 'maturity_principal') THEN 'investment' ELSE 'earn' END";
const MOVEMENTS: Branch = {
  origin: 'ledger', type: null, alias: 't', uid: 'i.uid', id: 'i.id', investment: 't.ref_id',
  from: "transfers t JOIN investments i ON t.ref_type = 'investment' AND i.id = t.ref_id",
  where: [`t.kind IN ${LISTED_KINDS}`],
  sortId: "lpad(t.id::text, 20, '0')", orderId: 't.id',
  select: `t.id::text AS id, ${MOVEMENT_TYPE} AS type, 'transfer' AS method,
    CASE WHEN t.kind = 'earnings_deduct' THEN -t.amount_cents ELSE t.amount_cents END AS amount_cents, 'completed' AS status, t.created_at,
    CASE t.kind WHEN 'investment_stop_principal' THEN 'investment' WHEN 'maturity_principal' THEN 'maturity'
                WHEN 'maturity_earnings' THEN 'maturity' ELSE 'adjustment' END AS source, i.uid`,
};

/** The list's direction in SQL. */
const direction = (f: TransactionFilters): 'DESC' | 'ASC' => (f.sort === 'newest' ? 'DESC' : 'ASC');

/** The branch's rows after the cursor: created_at bounds the index range; the id settles rows of the same instant. */
function afterCondition(b: Branch, f: TransactionFilters, after: readonly string[], params: Params): string {
  const [at, id] = [params.add(after[0]), params.add(after[1])];
  const [lt, op] = f.sort === 'newest' ? ['<', '<='] : ['>', '>='];
  return `${b.alias}.created_at ${op} ${at}::timestamptz AND (${b.alias}.created_at ${lt} ${at}::timestamptz OR ${b.sortId} ${lt} ${id})`;
}

/** Whether any row of the branch can match the filters (a branch left out must add no parameter). */
function included(b: Branch, f: TransactionFilters): boolean {
  if (f.origin && f.origin !== b.origin) return false;
  if (f.type && b.type && !f.type.includes(b.type)) return false;
  if (f.open && !b.open) return false;
  return !(b.origin === 'ledger' && ((f.status && f.status !== 'completed') || (f.method && f.method !== 'transfer')));
}

/** The columns every branch yields, in order, as jsonb_to_recordset spells them. */
const BRANCH_COLUMNS = 'id text, type text, method text, amount_cents bigint, status text, created_at timestamptz, source text, uid text, sort_id text';

/**
 * How a branch applies the search: reading its investors' rows by id and sorting them (`ids`), or
 * reading the branch in its own order and checking each row (`walk`, for rows dense in it).
 */
interface BranchSearch {
  search: UserSearch;
  walk: boolean;
}

/** The branch's condition for the search, or its FROM item narrowed to the investors found (`from`). */
function searchSql(b: Branch, how: BranchSearch, params: Params): { from?: string; where?: string } {
  const found = !how.walk && b.table ? foundRows(b.table, b.alias, how.search, params) : null;
  return found ? { from: found } : { where: searchMatch(how.search, how.walk, b, params) };
}

/**
 * The branch's rows for the filters, at most `limit + 1` of them in the list's order; with `bound`
 * (a created_at as text) only rows at or before it in that order.
 */
function branchQuery(b: Branch, f: TransactionFilters, how: BranchSearch | null, after: readonly string[] | null, params: Params, bound: string | null = null): string {
  const searched = how ? searchSql(b, how, params) : {};
  // The open rows come from their own FROM where the branch has one (and no search replaces it), else by the condition.
  const openFrom = f.open && !searched.from ? b.open?.from : undefined;
  const where = [...b.where, ...(bound ? [windowCondition(b, f, bound, params)] : [])];
  if (f.open && b.open && !openFrom) where.push(b.open.where);
  if (f.type && !b.type) where.push(`${MOVEMENT_TYPE} = ANY(${params.add(f.type)}::text[])`);
  if (f.status && b.origin === 'request') where.push(`${b.alias}.status = ${params.add(f.status)}`);
  if (f.method && b.origin === 'request') where.push(`${b.alias}.method = ${params.add(f.method)}`);
  if (f.uid) where.push(`${b.uid} = ${params.add(f.uid)}`);
  where.push(...dayRange(`${b.alias}.created_at`, f, params));
  if (searched.where) where.push(searched.where);
  if (after) where.push(afterCondition(b, f, after, params));
  const dir = direction(f);
  return `(SELECT ${b.select}, ${b.sortId} AS sort_id FROM ${searched.from ?? openFrom ?? b.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${b.alias}.created_at ${dir}, ${b.orderId} ${dir} LIMIT ${f.limit + 1})`;
}

/** Rows from `bound` (a created_at as text) up to the page's start, in the list's direction. */
const windowCondition = (b: Branch, f: TransactionFilters, bound: string, params: Params): string =>
  `${b.alias}.created_at ${f.sort === 'newest' ? '>=' : '<='} ${params.add(bound)}::timestamptz`;

/**
 * When the search's investors have many movements (`movementsDense`), the movements alone fill a
 * page, and the requests that can still be on it lie between the page's start and the last of
 * those movements: a window of each request table's date index. A table whose window holds fewer
 * rows than there are investors found (each an index descent when read by id) is read there row
 * by row; the others by id. Returns the movements read (`created_at` as text, full precision),
 * the window's end and the request tables to walk.
 */
async function movementsFirst(q: Queryable, f: TransactionFilters, requests: readonly Branch[], search: UserSearch, after: readonly string[] | null) {
  const dir = direction(f);
  const params = new Params();
  const { rows } = await q.query<Record<string, unknown> & { created_at: string }>(
    `SELECT m.id, m.type, m.method, m.amount_cents, m.status, m.created_at::text AS created_at, m.source, m.uid, m.sort_id
     FROM ${branchQuery(MOVEMENTS, f, { search, walk: true }, after, params)} m ORDER BY m.created_at ${dir}, m.sort_id ${dir}`,
    params.values,
  );
  const bound = rows.length > f.limit ? (rows[f.limit]?.created_at ?? null) : null;
  const walk = new Set<Branch>();
  const investors = search.uids?.length ?? 0;
  if (bound) {
    const counts = new Params();
    const cap = counts.add(investors);
    const windows = requests.map((b) => {
      const where = [windowCondition(b, f, bound, counts), ...(after ? [afterCondition(b, f, after, counts)] : [])];
      return `(SELECT count(*) FROM (SELECT 1 FROM ${b.from} WHERE ${where.join(' AND ')} LIMIT ${cap}) w)::int`;
    });
    const sized = await q.query<{ sizes: number[] }>(`SELECT ARRAY[${windows.join(', ')}] AS sizes`, counts.values);
    requests.forEach((b, i) => {
      if ((sized.rows[0]?.sizes[i] ?? investors) < investors) walk.add(b);
    });
  }
  return { rows, bound, walk };
}

/** The merged key: for splitPage only (the branches spell their own conditions). */
const ORDER = desc(ts('created_at'), text('sort_id'));

/**
 * A page of transactions (docs/api.md "Lists"): requests (deposits, withdrawals, investments) with
 * their status, plus ledger movements that are not requests. Each source reads its own index in
 * order up to `limit + 1` rows; the page is the merge of those, and only its rows are joined with
 * their users. `f.uid` set by the route for an investor (never from their query).
 */
export async function listTransactions(q: Queryable, deps: { cursors: Cursors; chains: Chains }, f: TransactionFilters): Promise<Paged<Transaction>> {
  const { cursors } = deps;
  const params = new Params();
  const dir = direction(f);
  const after = f.cursor ? cursors.decode(f.cursor, 'transactions', f.sort, 2) : null;
  const branches = [...REQUEST_BRANCHES, MOVEMENTS].filter((b) => included(b, f));
  if (!branches.length) return { data: [], page: { nextCursor: null } };
  const search = f.q ? await searchUsers(q, f.q) : null;
  // The found investors' movements may be many where their requests are few: each source applies the search its own way.
  const dense = search && branches.includes(MOVEMENTS) ? await movementsDense(q, search, f.limit + 1) : false;
  const requests = branches.filter((b) => b !== MOVEMENTS);
  const first = search && dense && requests.length ? { search, ...(await movementsFirst(q, f, requests, search, after)) } : null;
  const parts = first
    ? [`(SELECT * FROM jsonb_to_recordset(${params.add(JSON.stringify(first.rows))}::jsonb) AS r(${BRANCH_COLUMNS}))`,
       ...requests.map((b) => branchQuery(b, f, { search: first.search, walk: first.walk.has(b) }, after, params, first.bound))]
    : branches.map((b) => branchQuery(b, f, search && { search, walk: b === MOVEMENTS && dense }, after, params));
  const { rows } = await q.query<TransactionRow>(
    `SELECT x.id, x.type, x.method, x.amount_cents, x.status, x.created_at, x.source, u.name AS user_name, u.email AS user_email,
            cp.txid, cp.chain AS tx_chain, ${PAYOUT_COLUMNS}, x.created_at::text AS _k0, x.sort_id AS _k1
     FROM (SELECT * FROM (${parts.join(' UNION ALL ')}) m ORDER BY m.created_at ${dir}, m.sort_id ${dir} LIMIT ${f.limit + 1}) x
     JOIN users u ON u.id = x.uid
     LEFT JOIN LATERAL (SELECT c.txid, c.chain FROM chain_payments c WHERE x.type = 'deposit' AND c.deposit_id = x.id
                        ORDER BY c.status = 'credited' DESC, c.id DESC LIMIT 1) cp ON true
     LEFT JOIN payouts po ON x.type = 'withdraw' AND po.withdrawal_id = x.id
     ORDER BY x.created_at ${dir}, x.sort_id ${dir}`,
    params.values,
  );
  const page = splitPage(rows, f.limit, ORDER);
  return { data: page.rows.map(toTransaction(deps.chains)), page: { nextCursor: page.next ? cursors.encode('transactions', f.sort, page.next) : null } };
}

interface LedgerRow {
  transfer_id: string;
  movement_id: string;
  kind_account: string;
  asset: string;
  delta: string;
  kind: string;
  reason: string;
  actor: string;
  account_after: string;
  asset_after: string;
  ref: string;
  created_at: Date;
}

/**
 * Every posting on the caller's accounts: one line per account touched (a hold shows twice), with
 * running balances: the account's after this posting, and the asset's after the whole transfer
 * (RANGE framing counts both sides of a hold together, so moving money between one's own
 * accounts leaves the asset's balance as it was). The sums run over the caller's whole ledger, so
 * filters and the page apply after them; the cost grows with this investor's history only.
 */
const POSTINGS_SQL = `
SELECT p.transfer_id, COALESCE(t.movement_id, t.id) AS movement_id, a.kind || ':' || a.asset AS kind_account, a.asset, p.delta, t.kind, t.reason, t.actor,
       SUM(p.delta) OVER (PARTITION BY p.account ORDER BY p.transfer_id)::text AS account_after,
       SUM(p.delta) OVER (PARTITION BY a.asset ORDER BY p.transfer_id)::text AS asset_after,
       t.ref_type || ':' || t.ref_id AS ref, t.created_at
FROM (
  SELECT t.id AS transfer_id, t.credit_account AS account, t.amount_cents AS delta FROM transfers t
  WHERE t.credit_account IN (SELECT id FROM accounts WHERE owner = $1)
  UNION ALL
  SELECT t.id, t.debit_account, -t.amount_cents FROM transfers t
  WHERE t.debit_account IN (SELECT id FROM accounts WHERE owner = $1)
) p
JOIN transfers t ON t.id = p.transfer_id
JOIN accounts a ON a.id = p.account`;

const actorOf = (actor: string, uid: string): LedgerEntry['actor'] => (actor === uid ? 'you' : actor === 'system' ? 'system' : 'administrator');

/** Newest first; the two postings of one transfer by amount, the debit first. */
const LEDGER_ORDER = desc(int8('transfer_id'), int8('delta'));

/** A page of the caller's postings (docs/api.md "Lists"), filtered by asset, transfer kind and days. */
export async function listLedger(q: Queryable, deps: { cursors: Cursors; chains: Chains }, uid: string, f: ParsedQueryOf<'getLedger'>): Promise<Paged<LedgerEntry>> {
  const { cursors } = deps;
  const params = new Params();
  params.add(uid);
  const where = [
    ...(f.asset ? [`e.asset = ANY(${params.add(f.asset)}::text[])`] : []),
    ...(f.kind ? [`e.kind = ANY(${params.add(f.kind.split(','))}::text[])`] : []),
    ...dayRange('e.created_at', f, params),
  ];
  if (f.cursor) {
    const [id, delta] = cursors.decode(f.cursor, 'ledger', f.sort, 2);
    const [t, d] = [params.add(id), params.add(delta)];
    where.push(`(e.transfer_id < ${t}::bigint OR (e.transfer_id = ${t}::bigint AND e.delta > ${d}::bigint))`);
  }
  // The page's deposit entries with the chain payment that paid them, payouts with their transaction (docs/chain.md).
  const { rows } = await q.query<LedgerRow & { _k0: string; _k1: string; txid: string | null; tx_chain: Chain | null }>(
    `SELECT p.*, coalesce(cp.txid, po.txid) AS txid, coalesce(cp.chain, po.chain) AS tx_chain FROM (
       SELECT e.*, e.transfer_id::text AS _k0, e.delta::text AS _k1 FROM (${POSTINGS_SQL}) e
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY e.transfer_id DESC, e.delta ASC LIMIT ${f.limit + 1}) p
     LEFT JOIN LATERAL (SELECT c.txid, c.chain FROM chain_payments c
                        WHERE p.kind IN ('deposit', 'deposit_reversal') AND c.deposit_id = substr(p.ref, 9) ORDER BY c.status = 'credited' DESC, c.id DESC LIMIT 1) cp ON true
     LEFT JOIN payouts po ON p.kind = 'withdrawal_payout' AND po.withdrawal_id = substr(p.ref, 12) AND po.status IN ('sent', 'confirmed')
     ORDER BY p.transfer_id DESC, p.delta ASC`,
    params.values,
  );
  const page = splitPage(rows, f.limit, LEDGER_ORDER);
  return {
    data: page.rows.map((row) => ({
      transferId: String(row.transfer_id), movementId: String(row.movement_id), account: row.kind_account, asset: row.asset, amount: dbUsd(row.delta),
      kind: row.kind, reason: row.reason, actor: actorOf(row.actor, uid), balanceAfter: dbUsd(row.account_after), assetBalanceAfter: dbUsd(row.asset_after),
      ref: row.ref, createdAt: iso(row.created_at),
      txid: row.txid, explorerUrl: row.txid && row.tx_chain ? (deps.chains.watched[row.tx_chain]?.explorerUrl(row.txid) ?? null) : null,
    })),
    page: { nextCursor: page.next ? cursors.encode('ledger', f.sort, page.next) : null },
  };
}
