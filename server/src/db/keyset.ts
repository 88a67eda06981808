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
