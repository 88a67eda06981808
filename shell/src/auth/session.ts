import type { AuthResponse } from '@halcyon/api-client/model';
import { adminSessionAtom, beginEarlyRead, sessionUserOf, store, userSessionAtom } from '@halcyon/api-client/http';

/**
 * Stores the session a login returned and says where to go: admins to the admin overview,
 * investors to their dashboard. `remember` picks localStorage (30 days) over sessionStorage.
 * An investor's session keeps only the identity; the whole profile is the query cache's first
 * answer to GET /user/profile (http/early.ts), so the dashboard shows it without asking again. On
 * a sign-in page the login ends in a page load instead (OpenApp), whose shell asks for it at once.
 */
export function startSession(response: AuthResponse, remember: boolean): '/admin/overview' | '/user/main' {
  const record = response.data;
  if (record.role === 'admin') {
    store.set(adminSessionAtom, { admin: record, token: response.token, remember });
    return '/admin/overview';
  }
  // The token change drops the previous session's cached reads: keep the answer after it.
  store.set(userSessionAtom, { user: sessionUserOf(record), token: response.token, remember });
  beginEarlyRead('getProfile', Promise.resolve({ data: record }));
  return '/user/main';
}
