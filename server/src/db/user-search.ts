import { likePattern, type Params } from './keyset';
import type { Queryable } from './types';

// A list's `q` among investors (docs/api.md "Search"): who it finds, and how each list applies it.

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
  /**
   * The ids are every investor whose search text contains `text` (not the one a whole email
   * address names), so a list may instead check that text row by row and find the same rows.
   */
  byText: boolean;
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
    if (exact.rows[0]) return { text, uids: [exact.rows[0].id, text], byText: false };
  }
  const pattern = likePattern(text);
  if (await clearlyMany(q, pattern)) return { text, uids: null, byText: true };
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM users WHERE ${USER_SEARCH_EXPR} LIKE $1 LIMIT ${FEW_USERS + 1}`, [pattern]);
  return { text, uids: rows.length <= FEW_USERS ? [...rows.map((r) => r.id), text] : null, byText: true };
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

/**
 * `table alias` as a FROM item of only the rows of the investors a search found by id (and the row
 * whose id is the text), read through the table's uid index and primary key and sorted after.
 * OFFSET 0 keeps the planner from walking the list's date index instead: it guesses those
 * investors' rows are dense (2,500 investors of 200,000 withdrawals: "51 rows within 4,000"), and
 * when they have none it reads the whole table (30 ms for 200,000 withdrawals, seconds for
 * millions of deposits). Null when the search has no ids (checked row by row with `matchesUser`).
 */
export function foundRows(table: string, alias: string, search: UserSearch, params: Params): string | null {
  if (!search.uids) return null;
  return `(SELECT * FROM ${table} ${alias} WHERE ${matchesUser(search, `${alias}.uid`, `${alias}.id`, params)} OFFSET 0) ${alias}`;
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

/**
 * The search as a list of ledger movements (tied to investments) applies it. The movements of the
 * investors found are read by their ids and sorted, which reads all of them; a name may find
 * investors with many (2,500 who all invest: ~50,000 earnings transfers at a million investors),
 * and a page of the newest among them then comes sooner from reading the movements in time order
 * and checking each row's investor, about page × listed ÷ theirs rows. The two read the same at
 * theirs ≈ √(page × listed). Their investments, counted only up to that point, times the ledger's
 * movements per investment (the planner's statistics) tell which side of it the search is on.
 */
export async function searchForMovements(q: Queryable, search: UserSearch, pageRows: number): Promise<UserSearch> {
  if (!search.uids || !search.byText) return search;
  const stats = await q.query<{ listed: number; investments: number }>(
    `SELECT (SELECT reltuples FROM pg_class WHERE oid = 'transfers_listed_created_idx'::regclass)::float8 AS listed,
            (SELECT reltuples FROM pg_class WHERE oid = 'investments'::regclass)::float8 AS investments`,
  );
  const listed = Number(stats.rows[0]?.listed ?? 0);
  const investments = Number(stats.rows[0]?.investments ?? 0);
  // Never analyzed (-1) or empty: no estimate, and reading by id is right for a small ledger.
  if (!(listed > 0 && investments > 0)) return search;
  const crossover = Math.ceil(Math.sqrt(pageRows * listed) / (listed / investments));
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM (SELECT 1 FROM investments WHERE uid = ANY($1::text[]) LIMIT $2) theirs',
    [search.uids, crossover],
  );
  return Number(rows[0]?.n ?? 0) >= crossover ? { ...search, uids: null } : search;
}
