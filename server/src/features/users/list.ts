import type { AdminUserRow, ParsedQueryOf } from '@halcyon/api-client/contract';
import { Params, USER_SEARCH_EXPR, asc, dayRange, desc, likePattern, readPage, text, ts, type Cursors, type Paged } from '../../db/keyset';
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
  const where = [
    "role = 'user'", 'closed_at IS NULL',
    ...dayRange('created_at', query, params),
    ...(query.q ? [`(id = ${params.add(query.q)} OR ${USER_SEARCH_EXPR} LIKE ${params.add(likePattern(query.q))})`] : []),
  ];
  const { rows, page } = await readPage<UserRow>(q, cursors, { list: 'users', columns: USER_COLUMNS, from: 'users', where, params, order: ORDERS[query.sort] }, query);
  // Not the users' anti-phishing phrases (AdminUserRow).
  return { data: (await userProfiles(q, rows)).map(({ antiPhishingPhrase: _phrase, ...row }) => row), page };
}
