import { ReadState, type ReadQuery } from '@halcyon/app-kit';

/** The profile read's state (spec 8: 'Failed to fetch profile' when the server gives no message). */
export function ProfileState({ query, loading }: { query: ReadQuery<unknown>; loading?: string }) {
  return <ReadState query={query} fallback="Failed to fetch profile" loading={loading} />;
}
