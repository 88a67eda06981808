import type { AdminUserRow, ParsedQueryOf } from '@halcyon/api-client/contract';
import { Params, userSearchExpr, asc, dayRange, desc, likePattern, readPage, searchUsers, text, ts, type Cursors, type Paged } from '../../db/keyset';
import type { Queryable } from '../../db/types';
import { USER_COLUMNS, type UserRow } from '../../db/users';
import { userProfiles } from '../../services/profile';

const ORDERS = {
  newest: desc(ts('created_at'), text('id')),
  oldest: asc(ts('created_at'), text('id')),
  name: asc(text('lower(name)'), text('id')),
};

/** Open investor accounts, a page at a time; `q` matches name, username, email (substring) or id. */
export async function listUsers(q: Queryable, cursors: Cursors, query: ParsedQueryOf<'listUsers'>): Promise<Paged<AdminUserRow>> {
  const params = new Params();
  // A search finding few users reads them by id; one finding many filters the list in its order.
  const search = query.q ? await searchUsers(q, query.q) : null;
  const where = [
    "role = 'user'", 'closed_at IS NULL',
    ...dayRange('created_at', query, params),
    ...(search?.uids ? [`id = ANY(${params.add(search.uids)}::text[])`] : []),
    ...(search && !search.uids ? [`(id = ${params.add(search.text)} OR ${userSearchExpr()} LIKE ${params.add(likePattern(search.text))})`] : []),
  ];
  const { rows, page } = await readPage<UserRow>(q, cursors, { list: 'users', columns: USER_COLUMNS, from: 'users', where, params, order: ORDERS[query.sort] }, query);
  // Not the users' anti-phishing phrases (AdminUserRow).
  return { data: (await userProfiles(q, rows)).map(({ antiPhishingPhrase: _phrase, ...row }) => row), page };
}
