import { api } from './api';
import type { Caller } from './http';
import { clearAdminSessionAtom, clearUserSessionAtom, store } from '@halcyon/seam';

/**
 * Logout: asks the server to revoke the token (POST /api/auth/logout), then forgets it locally at
 * once whatever the answer, so an unreachable server never keeps anyone logged in on this screen.
 * The request has read its token before the session is cleared. Resolves when the server answered.
 */
export function endSession(caller: Caller): Promise<void> {
  const revoked = api.logout(undefined, { as: caller }).then(
    () => undefined,
    () => undefined,
  );
  store.set(caller === 'admin' ? clearAdminSessionAtom : clearUserSessionAtom);
  return revoked;
}
