import { ApiError, api, type Trader } from '@halcyon/api-client';

export const TRADERS_FAILED = 'Failed to fetch traders';
export const INVALID_FORMAT = 'Invalid data format received';

/** The list, checked to be one: a non-list answer is the spec's 'Invalid data format received'. */
export async function loadTraders(signal: AbortSignal): Promise<Trader[]> {
  const response: unknown = await api.getTraders(undefined, { as: 'admin', signal });
  const list = (response as { data?: unknown } | null)?.data;
  // An ApiError so the screen shows this text rather than the generic fallback.
  if (!Array.isArray(list)) throw new ApiError(INVALID_FORMAT, 200, 'INVALID_FORMAT');
  return list as Trader[];
}
