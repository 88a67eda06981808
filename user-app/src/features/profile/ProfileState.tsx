import { ReadState, type ReadQuery } from '../../lib/ReadState';

/** The profile read's state (spec 8: 'Failed to fetch profile' when the server gives no message). */
export function ProfileState({ query, loading }: { query: ReadQuery; loading?: string }) {
  return <ReadState query={query} fallback="Failed to fetch profile" loading={loading} />;
}
