import { useList } from '../../lib/useList';

export const USERS_FAILED = 'Failed to fetch users.';

/** Open accounts a page at a time: one cache entry per search and sort, shared by Overview and All Users. */
export const useUsers = () => useList('listUsers');
