import { newestFirst } from './format';

// Selectors for useApiQuery: module-level so the cache reuses their result between renders.

/** The `data` of a `{ data }` response. */
export const dataOf = <T>(response: { data: T }): T => response.data;

/** The rows of a `{ data: [...] }` response, newest first. */
export const newestOf = <T extends { createdAt: string }>(response: { data: readonly T[] }): T[] => newestFirst(response.data);
