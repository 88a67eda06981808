// Named steps: a failing step leaves a screenshot in e2e/results/ and says which step and which
// screen failed, so a report can point at it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { resultsDir, runInfo } from './run-info';

export interface Journey {
  browser: () => Browser;
  /** A fresh context and page (own storage) that blocks third-party hosts; closed after the test. */
  open: (options?: Parameters<typeof newContext>[1]) => Promise<Page>;
  /** The same, kept for the whole file: a journey split into tests that share one session. */
  openForFile: (options?: Parameters<typeof newContext>[1]) => Promise<Page>;
  step: <T>(page: Page, name: string, fn: () => Promise<T>) => Promise<T>;
}

/** Registers beforeAll/afterAll for one browser per test file. */
export function journey(file: string): Journey {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const fileContexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await Promise.all(fileContexts.splice(0).map((c) => c.close().catch(() => undefined)));
    await browser?.close();
  });
  const get = () => {
    if (!browser) throw new Error('browser not launched');
    return browser;
  };
  const openIn = async (list: BrowserContext[], options?: Parameters<typeof newContext>[1]) => {
    const context = await newContext(get(), options);
    list.push(context);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.warn(`[${file}] page error on ${page.url()}: ${err.message}`));
    page.on('console', (msg) => {
      // Blocked third-party widgets fail to load by design (no network in tests): not worth a line.
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) console.warn(`[${file}] console error on ${page.url()}: ${msg.text()}`);
    });
    return page;
  };
  return {
    browser: get,
    open: (options) => openIn(contexts, options),
    openForFile: (options) => openIn(fileContexts, options),
    step: async (page, name, fn) => {
      try {
        return await fn();
      } catch (error) {
        mkdirSync(resultsDir, { recursive: true });
        const shot = join(resultsDir, `${file}-${runInfo().database}-${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
        await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        // The step's other browsers too (a second admin registering, an investor checking).
        const others = contexts.flatMap((c) => c.pages());
        const extra = await Promise.all(
          others.map(async (p, i) => {
            const path = shot.replace(/\.png$/, `-other-${i + 1}.png`);
            await p.screenshot({ path, fullPage: true }).catch(() => undefined);
            return `${p.url()} (screenshot ${path})`;
          }),
        );
        const message = error instanceof Error ? error.message : String(error);
        const also = extra.length ? `\nother pages: ${extra.join(', ')}` : '';
        throw new Error(`step "${name}" failed on ${page.url()} (screenshot ${shot}):${also}\n${message}`, { cause: error });
      }
    },
  };
}
