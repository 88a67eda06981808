import type { AdminUserRow, ParsedQueryOf } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, likePattern, readPage, text, ts, type Cursors, type Paged } from '../../db/keyset';
import { FEW_USERS, searchUsers, userSearchExpr } from '../../db/user-search';
import type { Queryable } from '../../db/types';
import { badRequest } from '../../errors';
import { USER_COLUMNS, type UserRow } from '../../db/users';
import { userProfiles } from '../../services/profile';

const ORDERS = {
  newest: desc(ts('created_at'), text('id')),
  oldest: asc(ts('created_at'), text('id')),
  name: asc(text('lower(name)'), text('id')),
};

const TOO_MANY_TO_SORT = `q: matches more than ${FEW_USERS.toLocaleString('en-US')} investors, too many to sort by name; narrow the search or sort by date`;

/** Open investor accounts, a page at a time; `q` matches name, username, email (substring) or id. */
export async function listUsers(q: Queryable, cursors: Cursors, query: ParsedQueryOf<'listUsers'>): Promise<Paged<AdminUserRow>> {
  const params = new Params();
  // A search finding few users reads them by id; one finding many filters the list in its order.
  const search = query.q ? await searchUsers(q, query.q) : null;
  // In name order many matches can sit behind everyone before them ("grace" after every "Ann"…"Frank"):
  // no index reads them in that order, so the admin narrows the search instead of waiting seconds.
  if (search && !search.uids && query.sort === 'name') throw badRequest(TOO_MANY_TO_SORT);
  // The few found are read by id and sorted (OFFSET 0 keeps it that way): left to itself, the
  // planner may walk the name index from "a" for them, which for one first name is 300,000 rows.
  const from = search?.uids ? `(SELECT * FROM users WHERE id = ANY(${params.add(search.uids)}::text[]) OFFSET 0) users` : 'users';
  const where = [
    "role = 'user'", 'closed_at IS NULL',
    ...dayRange('created_at', query, params),
    ...(search && !search.uids ? [`(id = ${params.add(search.text)} OR ${userSearchExpr()} LIKE ${params.add(likePattern(search.text))})`] : []),
  ];
  const { rows, page } = await readPage<UserRow>(q, cursors, { list: 'users', columns: USER_COLUMNS, from, where, params, order: ORDERS[query.sort] }, query);
  // Not the users' anti-phishing phrases (AdminUserRow).
  return { data: (await userProfiles(q, rows)).map(({ antiPhishingPhrase: _phrase, ...row }) => row), page };
}
