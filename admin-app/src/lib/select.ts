// Selectors for useApiQuery: module-level so the cache reuses their result between renders.

/** The `data` of a `{ data }` response. */
export const dataOf = <T>(response: { data: T }): T => response.data;
