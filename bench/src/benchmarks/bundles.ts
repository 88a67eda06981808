// Bytes of JavaScript the browser loads for a page, and its lab LCP, in Debian's Chromium.
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface ScriptLoad {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageMeasure {
  path: string;
  scripts: ScriptLoad[];
  gzipBytes: number;
  /** Largest Contentful Paint with 4× CPU slowdown, ms; null if the page reported none. */
  lcpMs: number | null;
}

/** localStorage entries to set before the page's own scripts run (e.g. a signed-in session). */
export type Storage = Record<string, string>;

/** Debian's Chromium, headless; `args` adds flags (the scale suite turns off background work). */
export async function launch(args: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', ...args] });
}

async function newContext(browser: Browser, origin: string, storage: Storage): Promise<BrowserContext> {
  const context = await browser.newContext();
  // Third-party hosts (market widgets) are excluded from the figure and blocked so the run is
  // the same with or without internet.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) return route.abort();
    // The live changes stream (GET /api/user/live) never ends, so the network would never be idle;
    // it is no part of the page's load: answered "not here", after which the page does not ask again.
    if (url.pathname === '/api/user/live') return route.fulfill({ status: 404, json: { message: 'Not found', code: 'NOT_FOUND' } });
    return route.continue();
  });
  await context.addInitScript((entries: Storage) => {
    for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
  }, storage);
  return context;
}

/** Every script response from our origin, gzip -9 of its decoded body (independent of server compression). */
async function scriptBytes(browser: Browser, origin: string, path: string, storage: Storage): Promise<ScriptLoad[]> {
  const context = await newContext(browser, origin, storage);
  const page = await context.newPage();
  const pending: Promise<ScriptLoad | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || new URL(res.url()).origin !== origin) return;
    pending.push(res.body().then((b) => ({ url: res.url().slice(origin.length), rawBytes: b.length, gzipBytes: gzipSync(b, { level: 9 }).length }), () => null));
  });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  // A guard that redirected (e.g. to the login) would measure the wrong page.
  const landed = new URL(page.url()).pathname;
  if (landed !== path) throw new Error(`${path} ended on ${landed}: not the page to measure`);
  const scripts = (await Promise.all(pending)).filter((s): s is ScriptLoad => s !== null);
  await context.close();
  return scripts;
}

async function labLcp(browser: Browser, origin: string, path: string, storage: Storage): Promise<number | null> {
  const context = await newContext(browser, origin, storage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.length ? (entries[entries.length - 1] as PerformanceEntry).startTime : null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 3000);
      }),
  );
  await context.close();
  return lcp;
}

export async function measurePage(browser: Browser, origin: string, path: string, storage: Storage = {}): Promise<PageMeasure> {
  const scripts = await scriptBytes(browser, origin, path, storage);
  const lcpMs = await labLcp(browser, origin, path, storage);
  return { path, scripts, gzipBytes: scripts.reduce((s, x) => s + x.gzipBytes, 0), lcpMs };
}
