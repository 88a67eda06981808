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
  // One statement: the table's size, and the sample only when it is large (a one-time filter).
  const { rows } = await q.query<{ total: number; hits: string; seen: string }>(
    `SELECT n.total, s.hits::text, s.seen::text
     FROM (SELECT reltuples::float8 AS total FROM pg_class WHERE oid = 'users'::regclass) n,
     LATERAL (SELECT count(*) FILTER (WHERE ${USER_SEARCH_EXPR} LIKE $1) AS hits, count(*) AS seen
              FROM users TABLESAMPLE SYSTEM (LEAST(100, 100 * $2::float8 / GREATEST(n.total, 1))) REPEATABLE (1)
              WHERE n.total > $3::float8) s`,
    [pattern, SAMPLE_ROWS, 2 * FEW_USERS],
  );
  const total = Number(rows[0]?.total ?? 0);
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
 * Whether the investors a search found have so many ledger movements (tied to investments) that a
 * page of them comes sooner from reading the movements in time order and checking each row
 * (`walkMatch`) than from reading all of theirs by id and sorting: 2,500 investors who all invest
 * have ~50,000 earnings transfers at a million investors. Walking finds a page after about
 * page × listed ÷ theirs rows, so the two read the same at theirs ≈ √(page × listed). Their
 * investments, counted only up to that point, times the ledger's movements per investment (the
 * planner's row counts; none before the first ANALYZE, when the ledger is small) say which side
 * of it the search is on. One statement.
 */
export async function movementsDense(q: Queryable, search: UserSearch, pageRows: number): Promise<boolean> {
  if (!search.uids) return false;
  const { rows } = await q.query<{ crossover: number | null; theirs: number }>(
    `WITH s AS (SELECT (SELECT reltuples FROM pg_class WHERE oid = 'transfers_listed_created_idx'::regclass)::float8 AS listed,
                       (SELECT reltuples FROM pg_class WHERE oid = 'investments'::regclass)::float8 AS investments),
          c AS (SELECT CASE WHEN listed > 0 AND investments > 0 THEN ceil(sqrt($2::float8 * listed) / (listed / investments))::int END AS crossover FROM s)
     SELECT c.crossover, (SELECT count(*) FROM (SELECT 1 FROM investments WHERE uid = ANY($1::text[]) LIMIT COALESCE(c.crossover, 0)) theirs)::int AS theirs FROM c`,
    [search.uids, pageRows],
  );
  const row = rows[0];
  return row?.crossover != null && Number(row.theirs) >= Number(row.crossover);
}

/** The columns a search checks: the row's investor and own id, and for a ledger movement its investment. */
export interface SearchColumns {
  uid: string;
  id: string;
  investment?: string | undefined;
}

/**
 * Rows of the search's investors, checked row by row as a list is read in its own order: with their
 * ids, as a set PostgreSQL hashes once (a sub-select under OR stays a hashed SubPlan; `= ANY(ids)`
 * would compare every row with every id under a prepared statement's generic plan); without, the
 * substring check of `matchesUser`. `on.investment`: a movement's investment, checked against the
 * set of their investments (no lookup of the investment and its investor per row).
 */
function walkMatch(search: UserSearch, on: SearchColumns, params: Params): string {
  if (!search.uids) return matchesUser(search, on.uid, on.id, params);
  const [text, uids] = [params.add(search.text), params.add(search.uids)];
  return on.investment
    ? `(${on.investment} = ${text} OR ${on.investment} IN (SELECT x.id FROM investments x WHERE x.uid = ANY(${uids}::text[])))`
    : `(${on.id} = ${text} OR ${on.uid} IN (SELECT unnest(${uids}::text[])))`;
}

/** A list's condition for the search: checked row by row as it is read in order (`walk`), else by its investors' ids. */
export const searchMatch = (search: UserSearch, walk: boolean, on: SearchColumns, params: Params): string =>
  walk ? walkMatch(search, on, params) : matchesUser(search, on.uid, on.id, params);
