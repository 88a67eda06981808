import { ApiError, useApiQuery, type ResponseOf, type Trader } from '@halcyon/api-client';

export const TRADERS_FAILED = 'Failed to fetch traders';
const INVALID_FORMAT = 'Invalid data format received';

/** The list, checked to be one: a non-list answer is the spec's 'Invalid data format received'. */
function listOf(response: ResponseOf<'getTraders'>): Trader[] {
  const list = (response as { data?: unknown } | null)?.data;
  // Thrown from the selector, the query shows it as its error; an ApiError so the screen shows this
  // text rather than the generic fallback.
  if (!Array.isArray(list)) throw new ApiError(INVALID_FORMAT, 200, 'INVALID_FORMAT');
  return list as Trader[];
}

/** Traders with the admin's token: one cached read shared by Update Traders and All Traders. */
export const useTraders = () => useApiQuery('getTraders', undefined, { as: 'admin', select: listOf });
