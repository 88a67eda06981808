import { asc, dayRange, desc, int8, text, ts, type Params } from './keyset';
import { foundRows, matchesUser, type UserSearch } from './user-search';

/** What the request lists (deposits, withdrawals, investments) filter by. */
export interface RequestFilters {
  status?: readonly string[] | undefined;
  method?: readonly string[] | undefined;
  uid?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Where a request list's page ids come from: `table` under alias `a` (columns status, method, uid,
 * created_at, id) as a FROM item (readPage's `base`), and the filters' conditions on it. The
 * search's investors found by id narrow the table itself (`foundRows`); otherwise each row is checked.
 */
export function requestRows(table: string, a: string, f: RequestFilters, params: Params, search: UserSearch | null): { base: string; where: string[] } {
  const found = search && foundRows(table, a, search, params);
  return {
    base: found ?? `${table} ${a}`,
    where: [
      ...(f.status ? [`${a}.status = ANY(${params.add(f.status)}::text[])`] : []),
      ...(f.method ? [`${a}.method = ANY(${params.add(f.method)}::text[])`] : []),
      ...(f.uid ? [`${a}.uid = ${params.add(f.uid)}`] : []),
      ...dayRange(`${a}.created_at`, f, params),
      ...(search && !found ? [matchesUser(search, `${a}.uid`, `${a}.id`, params)] : []),
    ],
  };
}

/** The orders every request list offers, on table alias `a`. */
export const requestOrders = (a: string) => ({
  newest: desc(ts(`${a}.created_at`), text(`${a}.id`)),
  oldest: asc(ts(`${a}.created_at`), text(`${a}.id`)),
  amount: desc(int8(`${a}.amount_cents`), text(`${a}.id`)),
});
