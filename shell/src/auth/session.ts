import { adminSessionAtom, emptyUserSession, store, userSessionAtom, type AuthResponse } from '@halcyon/api-client';

/**
 * Stores the session a login returned and says where to go: admins to the admin overview,
 * investors to their dashboard. `remember` picks localStorage (30 days) over sessionStorage.
 */
export function startSession(response: AuthResponse, remember: boolean): '/admin/overview' | '/user/main' {
  const record = response.data;
  if (record.role === 'admin') {
    store.set(adminSessionAtom, { admin: record, token: response.token, remember });
    return '/admin/overview';
  }
  store.set(userSessionAtom, { ...emptyUserSession, user: record, token: response.token, remember });
  return '/user/main';
}
