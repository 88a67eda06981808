import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PageInfo } from '@halcyon/api-client/contract';
import { badRequest } from '../errors';
import type { Queryable } from './types';

// Keyset pagination (docs/api.md "Lists"): a page is "the next `limit` rows after this key" in a
// fixed order ending in a unique column, so page 1,000 costs what page 1 costs (an index range
// scan), and rows inserted meanwhile never shift later pages (no duplicates, no gaps).

/** One column of an order: the SQL expression and the type its cursor value is cast back to. */
export interface KeyColumn {
  expr: string;
  type: 'timestamptz' | 'text' | 'bigint';
}

/** A list's order: its key columns (the last one unique) all ascending or all descending. */
export interface Order {
  keys: readonly KeyColumn[];
  dir: 'asc' | 'desc';
}

export const desc = (...keys: KeyColumn[]): Order => ({ keys, dir: 'desc' });
export const asc = (...keys: KeyColumn[]): Order => ({ keys, dir: 'asc' });
export const ts = (expr: string): KeyColumn => ({ expr, type: 'timestamptz' });
export const text = (expr: string): KeyColumn => ({ expr, type: 'text' });
export const int8 = (expr: string): KeyColumn => ({ expr, type: 'bigint' });

/** Where the next page starts: the key values of the last row shown, as text (full precision). */
export type KeyValues = readonly string[];

/** Placeholders for one query's parameters, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Signs cursors so a client can only hand back one the server made: a changed one is a 400, never
 * a different position or another list's key. The key is derived from the token secret.
 */
export class Cursors {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('halcyon list cursor v1').digest();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16).toString('base64url');
  }

  encode(list: string, sort: string, values: KeyValues): string {
    const payload = Buffer.from(JSON.stringify([list, sort, ...values])).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The key values of a cursor made for this list and sort; 400 `cursor: is invalid` otherwise. */
  decode(cursor: string, list: string, sort: string, length: number): KeyValues {
    const [payload = '', mac = ''] = cursor.split('.');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (!Array.isArray(parsed) || parsed[0] !== list || parsed[1] !== sort || parsed.length !== length + 2 || !parsed.every((v) => typeof v === 'string')) {
      throw invalidCursor();
    }
    return parsed.slice(2) as string[];
  }
}

const invalidCursor = () => badRequest('cursor: is invalid (pass page.nextCursor of the same list and sort)');

/** `(a, b) < ($1, $2)` (or `>` ascending): the rows after the cursor, an index range condition. */
function afterKey(order: Order, values: KeyValues, params: Params): string {
  const left = order.keys.map((k) => k.expr).join(', ');
  const right = order.keys.map((k, i) => `${params.add(values[i])}::${k.type}`).join(', ');
  return `(${left}) ${order.dir === 'desc' ? '<' : '>'} (${right})`;
}

const orderBy = (order: Order): string => order.keys.map((k) => `${k.expr} ${order.dir.toUpperCase()}`).join(', ');

/** The key columns selected as text `_k0, _k1, …`, so the cursor keeps microseconds and exact ids. */
const keyColumns = (order: Order): string => order.keys.map((k, i) => `(${k.expr})::text AS _k${i}`).join(', ');

type Keyed = Record<`_k${number}`, string>;

/** Splits the `limit + 1` rows fetched into the page and the key of its last row when more follow. */
export function splitPage<R>(rows: readonly R[], limit: number, order: Order): { rows: R[]; next: KeyValues | null } {
  if (rows.length <= limit) return { rows: [...rows], next: null };
  const last = rows[limit - 1] as unknown as Keyed;
  return { rows: rows.slice(0, limit), next: order.keys.map((_, i) => String(last[`_k${i}`])) };
}

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
  sort: string;
}

/** One list read: the rows of `from` matching `where`, in `order`, after the request's cursor. */
export interface ListSpec {
  /** Names the list inside its cursors. */
  list: string;
  columns: string;
  from: string;
  where: readonly string[];
  params: Params;
  order: Order;
  /**
   * The table (with its alias) that `where` and `order` read, and its id, when `from` joins more
   * (the users of a request list): the page's ids are chosen from it alone, and only those rows
   * are joined. Otherwise the planner may join every candidate first (5,000 users for a name
   * 2,500 investors share) and sort after.
   */
  base?: { table: string; id: string };
}

export interface Page<R> {
  rows: R[];
  page: PageInfo;
}

/** A list's answer: the spec's `data` plus where the next page starts. */
export interface Paged<T> {
  data: T[];
  page: PageInfo;
}

/** Runs a keyset page of one list (docs/api.md "Lists"). */
export async function readPage<R>(q: Queryable, cursors: Cursors, spec: ListSpec, request: PageRequest): Promise<Page<R>> {
  const where = [...spec.where];
  if (request.cursor) where.push(afterKey(spec.order, cursors.decode(request.cursor, spec.list, request.sort, spec.order.keys.length), spec.params));
  const conditions = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sql = spec.base
    ? `WITH page AS MATERIALIZED (SELECT ${spec.base.id} AS page_id FROM ${spec.base.table} ${conditions} ORDER BY ${orderBy(spec.order)} LIMIT ${request.limit + 1})
       SELECT ${spec.columns}, ${keyColumns(spec.order)} FROM ${spec.from} JOIN page ON page.page_id = ${spec.base.id} ORDER BY ${orderBy(spec.order)}`
    : `SELECT ${spec.columns}, ${keyColumns(spec.order)} FROM ${spec.from} ${conditions} ORDER BY ${orderBy(spec.order)} LIMIT ${request.limit + 1}`;
  const { rows } = await q.query<R>(sql, spec.params.values);
  const page = splitPage(rows, request.limit, spec.order);
  return { rows: page.rows, page: { nextCursor: page.next ? cursors.encode(spec.list, request.sort, page.next) : null } };
}

/** `from`/`to` (UTC days, both inclusive) as conditions on a timestamptz column. */
export function dayRange(column: string, range: { from?: string | undefined; to?: string | undefined }, params: Params): string[] {
  const where: string[] = [];
  if (range.from) where.push(`${column} >= (${params.add(range.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (range.to) where.push(`${column} < (${params.add(range.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return where;
}

/** `%text%` for LIKE, with the pattern characters of the search taken literally. */
export const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search text users are found by: name, username and email in one lower-cased string, stored
 * in `users.search_text` by the database (migration 016) with a trigram index on it, so
 * `LIKE '%…%'` is an index scan and its recheck reads the column instead of computing it.
 */
export const userSearchExpr = (alias = ''): string => `${alias ? `${alias}.` : ''}search_text`;
const USER_SEARCH_EXPR = userSearchExpr();

/**
 * Up to this many investors found by a search are looked up by their ids (an index per list).
 * Past it, reading a list in order and probing each row finds a page sooner: the two read the
 * same rows at about √(page × investors ÷ rows per investor) matches, ~5,000 at a million
 * investors (bench/RESULTS.md, scale).
 */
export const FEW_USERS = 5000;

/** What a list's `q` found among investors: their ids when few, else null (searched in the list's own query). */
export interface UserSearch {
  text: string;
  uids: readonly string[] | null;
}

/**
 * Runs `q` against the users first. A whole email address is that investor, found through the
 * unique email index: its trigrams (the domain's above all) are shared by many investors, so the
 * trigram index would read thousands of pages to find one row. Other text goes to the trigram
 * index. The planner cannot tell how many users a substring matches (its estimate is a guess), so
 * a list is not left to choose between reading the matches' rows and scanning its own order: few
 * matches (a full name, a rare surname) become `uid = ANY(ids)`, read through each list's
 * `(uid, created_at, id)` index; many matches (a common name) are dense in the list, so reading it
 * in order and keeping theirs is quick.
 */
export async function searchUsers(q: Queryable, text: string): Promise<UserSearch> {
  const email = text.trim().toLowerCase();
  if (email.includes('@')) {
    const exact = await q.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    if (exact.rows[0]) return { text, uids: [exact.rows[0].id, text] };
  }
  const pattern = likePattern(text);
  if (await clearlyMany(q, pattern)) return { text, uids: null };
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM users WHERE ${USER_SEARCH_EXPR} LIKE $1 LIMIT ${FEW_USERS + 1}`, [pattern]);
  return { text, uids: rows.length <= FEW_USERS ? [...rows.map((r) => r.id), text] : null };
}

/** About this many users are sampled to estimate a search's matches (0.2 % of the pages at a million). */
const SAMPLE_ROWS = 2000;

/**
 * Whether a sample of the users table says the search matches far more than FEW_USERS. Counting
 * FEW_USERS + 1 matches to learn that there are many costs thousands of heap reads (70–80 ms for a
 * surname 5 % share at a million); the sample is a few pages (REPEATABLE: the same ones, so they
 * stay cached). Near FEW_USERS either path reads about as much, so an estimate is enough there;
 * a sample that does not say "clearly many" (or a table never analyzed) leaves it to the count.
 */
async function clearlyMany(q: Queryable, pattern: string): Promise<boolean> {
  const size = await q.query<{ total: string }>("SELECT reltuples::bigint::text AS total FROM pg_class WHERE oid = 'users'::regclass");
  const total = Number(size.rows[0]?.total ?? 0);
  if (total <= 2 * FEW_USERS) return false;
  const { rows } = await q.query<{ hits: string; seen: string }>(
    `SELECT count(*) FILTER (WHERE ${USER_SEARCH_EXPR} LIKE $1)::text AS hits, count(*)::text AS seen
     FROM users TABLESAMPLE SYSTEM ($2) REPEATABLE (1)`,
    [pattern, Math.min(100, (100 * SAMPLE_ROWS) / total)],
  );
  const hits = Number(rows[0]?.hits ?? 0);
  const seen = Number(rows[0]?.seen ?? 0);
  return seen > 0 && (hits / seen) * total > 2 * FEW_USERS;
}

/** Rows whose user (`uidColumn`) the search found, or whose own id (`idColumn`) or uid is the text. */
export function matchesUser(search: UserSearch, uidColumn: string, idColumn: string | null, params: Params): string {
  const ids = idColumn ? `${idColumn} = ${params.add(search.text)} OR ` : '';
  // Many matches: checked row by row as the list is read in order (dense, so a page comes soon).
  // OFFSET 0 keeps the planner from turning the EXISTS into a join that reads every match first.
  const users = search.uids
    ? `${uidColumn} = ANY(${params.add(search.uids)}::text[])`
    : `${uidColumn} = ${params.add(search.text)} OR EXISTS (SELECT 1 FROM users su WHERE su.id = ${uidColumn} AND ${userSearchExpr('su')} LIKE ${params.add(likePattern(search.text))} OFFSET 0)`;
  return `(${ids}${users})`;
}

/** What the request lists (deposits, withdrawals, investments) filter by. */
export interface RequestFilters {
  status?: readonly string[] | undefined;
  method?: readonly string[] | undefined;
  uid?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The conditions of a request list on table alias `a` (columns status, method, uid, created_at, id). */
export function requestConditions(a: string, f: RequestFilters, params: Params, search: UserSearch | null): string[] {
  return [
    ...(f.status ? [`${a}.status = ANY(${params.add(f.status)}::text[])`] : []),
    ...(f.method ? [`${a}.method = ANY(${params.add(f.method)}::text[])`] : []),
    ...(f.uid ? [`${a}.uid = ${params.add(f.uid)}`] : []),
    ...dayRange(`${a}.created_at`, f, params),
    ...(search ? [matchesUser(search, `${a}.uid`, `${a}.id`, params)] : []),
  ];
}

/** The orders every request list offers, on table alias `a`. */
export const requestOrders = (a: string) => ({
  newest: desc(ts(`${a}.created_at`), text(`${a}.id`)),
  oldest: asc(ts(`${a}.created_at`), text(`${a}.id`)),
  amount: desc(int8(`${a}.amount_cents`), text(`${a}.id`)),
});
