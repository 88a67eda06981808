import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { api, userSessionAtom, type UserProfile } from '@halcyon/api-client';
import { useLoad } from './useLoad';

/**
 * GET /user/profile (spec 7: dashboard, withdraw, invest, deposit). The fresh profile replaces the
 * one in the session; until it arrives the session's copy is shown.
 */
export function useProfile() {
  const [session, setSession] = useAtom(userSessionAtom);
  const fetchProfile = useCallback(async (): Promise<UserProfile> => {
    const res = await api.getProfile();
    setSession((s) => ({ ...s, user: res.data }));
    return res.data;
  }, [setSession]);
  const { loading, error, reload } = useLoad(fetchProfile, 'Failed to fetch profile');
  return { profile: session.user, loading, error, reload };
}
