// `@halcyon/api-client/http`: the HTTP client and the session store, no React. A federation
// singleton (mf-shared.cjs): one session store and one configured base URL per page.
export * from './http';
export * from './api';
// The session store is the seam's (one instance per page, whichever copy of api-client a remote runs).
export * from '@halcyon/seam';
export * from './logout';
export * from './passkeys';
export * from './early';
export * from './live';
// The endpoint table, for `/react` to take from this shared singleton rather than bundle a second copy.
export { endpoints } from '../contract/endpoints';
