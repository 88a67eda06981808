import { queryError, useApiMutation, useApiQuery } from './hooks';

/**
 * The caller's sessions and sign-ins with the two ways to end sessions, shaped for shared-ui's
 * SecurityPanels (both remotes' Security screens; docs/security.md "Sessions").
 */
export function useAccountSecurity() {
  const sessions = useApiQuery('listSessions', undefined, { select: (r) => r.data });
  const signIns = useApiQuery('listSignIns', undefined, { select: (r) => r.data });
  const end = useApiMutation('endSession', { invalidates: ['listSessions'] });
  const endOthers = useApiMutation('endOtherSessions', { invalidates: ['listSessions'] });
  const twoFactor = useApiQuery('getTwoFactor', undefined, { select: (r) => r.data });
  const changes = { invalidates: ['getTwoFactor', 'getProfile'] } as const;
  const start = useApiMutation('startTwoFactor');
  const enable = useApiMutation('enableTwoFactor', changes);
  const disable = useApiMutation('disableTwoFactor', changes);
  return {
    sessions: { rows: sessions.data, error: queryError(sessions, 'Failed to fetch your sessions.'), retry: () => void sessions.refetch() },
    signIns: { rows: signIns.data, error: queryError(signIns, 'Failed to fetch your sign-in history.'), retry: () => void signIns.refetch() },
    endSession: async (id: string) => (await end.mutateAsync({ input: { params: { id } } })).message,
    endOtherSessions: async () => (await endOthers.mutateAsync({})).message ?? 'Other sessions ended.',
    busy: end.isPending || endOthers.isPending,
    twoFactor: {
      status: twoFactor.data,
      start: async (password: string) => (await start.mutateAsync({ input: { body: { password } } })).data,
      enable: async (password: string, code: string) => (await enable.mutateAsync({ input: { body: { password, code } } })).data.recoveryCodes,
      disable: async (password: string, code: string) => (await disable.mutateAsync({ input: { body: { password, code } } })).message,
    },
  };
}
