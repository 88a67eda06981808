import type { AuthResponse, ResponseOf } from '@halcyon/api-client/model';
import { adminSessionAtom, sessionUserOf, store, userSessionAtom } from '@halcyon/api-client/http';

/**
 * Stores the session a login returned and says where to go: admins to the admin overview,
 * investors to their dashboard. `remember` picks localStorage (30 days) over sessionStorage.
 * An investor's session keeps only the identity; the whole profile goes into the query cache,
 * so the dashboard shows it without waiting for GET /user/profile. The cache's library is loaded
 * here, after the login (the sign-in page does without it: issue 32), and the dashboard needs it next.
 */
export async function startSession(response: AuthResponse, remember: boolean): Promise<'/admin/overview' | '/user/main'> {
  const record = response.data;
  if (record.role === 'admin') {
    store.set(adminSessionAtom, { admin: record, token: response.token, remember });
    return '/admin/overview';
  }
  const { queryClient, queryKey } = await import('@halcyon/api-client/react');
  // The token change drops the previous session's cached reads: seed the cache after it.
  store.set(userSessionAtom, { user: sessionUserOf(record), token: response.token, remember });
  queryClient.setQueryData<ResponseOf<'getProfile'>>(queryKey('getProfile'), { data: record });
  return '/user/main';
}
