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
  return {
    sessions: { rows: sessions.data, error: queryError(sessions, 'Failed to fetch your sessions.'), retry: () => void sessions.refetch() },
    signIns: { rows: signIns.data, error: queryError(signIns, 'Failed to fetch your sign-in history.'), retry: () => void signIns.refetch() },
    endSession: async (id: string) => (await end.mutateAsync({ input: { params: { id } } })).message,
    endOtherSessions: async () => (await endOthers.mutateAsync({})).message ?? 'Other sessions ended.',
    busy: end.isPending || endOthers.isPending,
  };
}
