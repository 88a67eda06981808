import { useApiQuery } from '@halcyon/api-client';
import { dataOf } from '../../lib/select';

export const USERS_FAILED = 'Failed to fetch users.';

/** Every open account: one cached read shared by Overview, All Users and Create Plan's owners. */
export const useUsers = () => useApiQuery('listUsers', undefined, { select: dataOf });
