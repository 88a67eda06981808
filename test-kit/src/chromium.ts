// Debian's Chromium as every browser test and benchmark starts it (never a downloaded browser):
// headless, and nothing in the background reaching for the network (without those flags its
// connections are refused by the sandbox's closed network, many at a time).
export const CHROMIUM_FLAGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * No host name resolves but localhost: a third-party request (the market widgets) fails at once, as
 * offline as in CI, without routing every request through Playwright (which also turns off the
 * HTTP cache).
 */
export const LOCAL_ONLY_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
