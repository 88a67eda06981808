// Node-side test tooling shared by the server tests, e2e and bench (issue 14 item 5). The chain
// nodes and their tools are @halcyon/test-kit/chain: viem and friends were most of this entry's load
// time, paid by every server test file that only wanted a JSON client.
export { freePort } from './ports';
export { restartProduct, startProduct, type Product, type ProductOptions } from './product';
export { createScratchDb, pgAdminUrl, scratchDbOrSkip, type ScratchDb } from './scratch-db.cjs';
export { callApi, expectApi, type ApiReply, type ApiRequest } from './json-client';
export { LIMITS_OFF, SPAM_LIMITS_OFF } from './limits-off';
export { CHROMIUM_FLAGS, LOCAL_ONLY_FLAG } from './chromium';
