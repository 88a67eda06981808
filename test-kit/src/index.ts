// Node-side test tooling shared by the server tests, e2e and bench (issue 14 item 5).
export { freePort } from './ports';
export { restartProduct, startProduct, type Product, type ProductOptions } from './product';
export { createScratchDb, pgAdminUrl, scratchDbOrSkip, type ScratchDb } from './scratch-db.cjs';
export { callApi, expectApi, type ApiReply, type ApiRequest } from './json-client';
export { LIMITS_OFF, SPAM_LIMITS_OFF } from './limits-off';
