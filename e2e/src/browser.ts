// One Debian Chromium per test file, a fresh context per journey, and no request leaves the
// machine: no host name but localhost resolves (LOCAL_ONLY_FLAG), so third-party widgets are
// offline exactly as in CI. (It was a Playwright route on every request, a sixth of a journey's
// CPU: each request went through this process, and routing turns off the HTTP cache.)
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_FLAGS, LOCAL_ONLY_FLAG } from '@halcyon/test-kit';

const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--disable-quic', '--no-first-run', LOCAL_ONLY_FLAG],
  });
}

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A fresh context (no storage shared with other journeys). */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context;
}
