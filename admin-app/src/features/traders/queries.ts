import type { ResponseOf } from '@halcyon/api-client/model';
import { ApiError } from '@halcyon/api-client/http';
import type { ListPage } from '@halcyon/api-client/react';
import { useList } from '../../lib/useList';

export const TRADERS_FAILED = 'Failed to fetch traders';
const INVALID_FORMAT = 'Invalid data format received';

/** A page, checked to hold a list: anything else is the spec's 'Invalid data format received'. */
function pageOf(response: ResponseOf<'getTraders'>): ListPage<'getTraders'> {
  const list = (response as { data?: unknown } | null)?.data;
  // Thrown while reading, the query shows it as its error; an ApiError so the screen shows this
  // text rather than the generic fallback.
  if (!Array.isArray(list)) throw new ApiError(INVALID_FORMAT, 200, 'INVALID_FORMAT');
  return { data: list as ListPage<'getTraders'>['data'], page: response.page ?? { nextCursor: null } };
}

/** Traders with the admin's token, a page at a time: Update Traders and All Traders share the first pages. */
export const useTraders = () => useList('getTraders', undefined, { as: 'admin', parse: pageOf });
