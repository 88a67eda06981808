// One Debian Chromium per test file, a fresh context per journey, and no request leaves the
// machine: anything not addressed to a local host is aborted, so third-party widgets are
// offline exactly as in CI.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_FLAGS } from '@halcyon/test-kit';

const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--disable-quic', '--no-first-run'],
  });
}

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A fresh context (no storage shared with other journeys) that blocks every non-local host. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname);
    return local ? route.fallback() : route.abort('internetdisconnected');
  });
  return context;
}
