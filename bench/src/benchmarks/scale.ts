// Issue 10's scale benchmark: every list's first page, a page 1,000 pages deep, a filtered page
// and a search on a seeded platform, p50/p95 over repeated calls and the answer's size; the admin
// screens' time to their first table row in Chromium; the server's memory during a 2M-row export.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launch } from './bundles';

export interface CaseResult {
  name: string;
  p50: number;
  p95: number;
  bytes: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

interface Answer {
  status: number;
  bytes: number;
  ms: number;
  body: { data?: unknown[]; page?: { nextCursor: string | null } };
}

async function get(base: string, path: string, token: string, status = 200): Promise<Answer> {
  const start = performance.now();
  const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== status) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, bytes: Buffer.byteLength(text), ms, body: JSON.parse(text) as Answer['body'] };
}

/** Sequential calls after two warm-ups: the latency of one admin using the screen. */
export async function measureCase(base: string, token: string, name: string, path: string, repeats: number, status = 200): Promise<CaseResult> {
  await get(base, path, token, status);
  await get(base, path, token, status);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < repeats; i++) {
    const a = await get(base, path, token, status);
    times.push(a.ms);
    bytes = Math.max(bytes, a.bytes);
  }
  times.sort((x, y) => x - y);
  return { name, p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes };
}

export interface DeepCursor {
  /** The cursor of page `depth + 1`, or null when the list has fewer pages. */
  cursor: string | null;
  /** Mean ms per page of the walk (each page one keyset read after the previous one's key). */
  msPerPage: number;
}

/** Walks `depth` pages of `limit` rows once; a cursor stays valid, so the deep page is then measured like any other. */
export async function deepCursor(base: string, token: string, path: string, depth: number, limit: number): Promise<DeepCursor> {
  let cursor: string | null = null;
  let ms = 0;
  const sep = path.includes('?') ? '&' : '?';
  for (let i = 0; i < depth; i++) {
    const a = await get(base, `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    ms += a.ms;
    cursor = a.body.page?.nextCursor ?? null;
    if (!cursor) return { cursor: null, msPerPage: ms / (i + 1) };
  }
  return { cursor, msPerPage: ms / depth };
}

export interface ScreenTiming {
  path: string;
  /** Navigation start of a full load of the screen (shell, remote, data) → its first data row shown. */
  loadMs: number;
  /** Sidebar click → the screen's first data row shown: how an admin moves between screens. */
  clickMs: number;
  /** The full load's boot requests (config, manifest, remote entry and App, API calls): start → end ms. */
  boot: string;
}

/** The resource timings of the requests a full load waits for, in the order they started. */
const BOOT_REQUESTS = /config\.json|mf-manifest\.json|remoteEntry\.js|__federation_expose_App|\/api\//;

/** The brief's Chromium: headless, and nothing in the background competing with the page. */
const CHROMIUM_FLAGS = ['--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** What the in-page clock leaves on `window`. */
interface RowClock {
  /** performance.now() of the first frame showing a data row, per screen title (h1). */
  __firstRow: Record<string, number>;
  __clickAt?: number;
}

/**
 * Runs in every document from its start (an init script): at each DOM change, when a data row of a
 * table is laid out, the next animation frame's time is kept for each h1 (the screen's title) not
 * yet seen. A data row is a `tbody tr` without a colspan cell (the empty list's message row has
 * one); the viewport is a desktop one, so lists are tables, not the phones' card list. Timed in the
 * page, so Playwright's polling adds nothing; performance.now() counts from the document's
 * navigation start. Plain JavaScript source: tsx would wrap a named function of ours in a
 * `__name` helper the page does not have.
 */
const ROW_CLOCK = `(() => {
  const clock = window;
  clock.__firstRow = {};
  new MutationObserver(() => {
    const row = document.querySelector('tbody tr:not(:has(td[colspan]))');
    if (!row || row.getBoundingClientRect().height === 0) return;
    for (const h1 of document.querySelectorAll('h1')) {
      const title = (h1.textContent || '').trim();
      if (!title || title in clock.__firstRow) continue;
      clock.__firstRow[title] = -1;
      requestAnimationFrame(() => { clock.__firstRow[title] = performance.now(); });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

const firstRowOf = (page: Page, label: string): Promise<number> =>
  page
    .waitForFunction((l) => ((window as unknown as RowClock).__firstRow[l] ?? -1) > 0 && (window as unknown as RowClock).__firstRow[l], label, { timeout: 60_000 })
    .then((h) => h.jsonValue() as Promise<number>);

/**
 * After the admin signed in once: each screen loaded afresh (the figure the target is for: an admin
 * opening the screen's address), then reached from the sidebar. Desktop viewport, so rows are a table.
 */
export async function screensToFirstRow(base: string, admin: { email: string; password: string }, screens: ReadonlyArray<readonly [string, string]>): Promise<ScreenTiming[]> {
  const browser = await launch(CHROMIUM_FLAGS);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript({ content: ROW_CLOCK });
    const page: Page = await context.newPage();
    await page.goto(`${base}/admin-auth/admin-login`);
    await page.getByLabel(/^Email\b/i).first().fill(admin.email);
    await page.getByLabel(/^Password\b/i).first().fill(admin.password);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL(/\/admin\/overview/);
    await firstRowOf(page, 'Overview'); // the session, shell and admin remote are warm in the cache
    const out: ScreenTiming[] = [];
    for (const [path, label] of screens) {
      await page.goto('about:blank');
      await page.goto(`${base}${path}`);
      const loadMs = await firstRowOf(page, label);
      const boot = await page.evaluate(
        (pattern) =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((e) => new RegExp(pattern).test(e.name))
            .map((e) => `${new URL(e.name).pathname.split('/').slice(-2).join('/')} ${Math.round(e.startTime)}→${Math.round(e.responseEnd)}`)
            .join(', '),
        BOOT_REQUESTS.source,
      );
      // Back to the overview, then the sidebar link, timed from the click inside the page.
      await page.getByRole('link', { name: 'Overview', exact: true }).first().click();
      await firstRowOf(page, 'Overview');
      const link = await page.getByRole('link', { name: label, exact: true }).first().elementHandle();
      if (!link) throw new Error(`scale: no sidebar link "${label}"`);
      await link.evaluate((el, l) => {
        const clock = window as unknown as RowClock;
        delete clock.__firstRow[l];
        clock.__clickAt = performance.now();
        (el as HTMLElement).click();
      }, label);
      const shownAt = await firstRowOf(page, label);
      const clickAt = await page.evaluate(() => (window as unknown as RowClock).__clickAt ?? NaN);
      out.push({ path, loadMs, clickMs: shownAt - clickAt, boot });
    }
    return out;
  } finally {
    await browser.close();
  }
}

const rssKb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
};

export interface ExportResult {
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  /** Peak RSS in the first and last quarter of the export: flat memory keeps them alike. */
  rssEarlyMb: number;
  rssLateMb: number;
}

/** Reads a whole export while sampling the server's RSS every 250 ms. */
export async function measureExport(base: string, token: string, path: string, pid: number): Promise<ExportResult> {
  const samples: Array<[number, number]> = [];
  const before = rssKb(pid);
  const start = performance.now();
  const timer = setInterval(() => samples.push([performance.now() - start, rssKb(pid)]), 250);
  let rows = 0;
  let bytes = 0;
  try {
    const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`export ${path}: ${res.status}`);
    // Line ends counted as LF bytes: a CRLF split across two network chunks still counts once.
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    }
  } finally {
    clearInterval(timer);
  }
  const total = performance.now() - start;
  const mb = (kb: number) => kb / 1024;
  // The peak of the first and of the last quarter of the samples: flat memory keeps them alike.
  const kbs = samples.map(([, kb]) => kb);
  const quarter = Math.max(1, Math.floor(kbs.length / 4));
  const peak = (xs: number[]) => (xs.length ? Math.max(...xs) : before);
  return {
    rows: rows - 1, bytes, seconds: total / 1000,
    rssBeforeMb: mb(before), rssPeakMb: mb(Math.max(before, ...kbs)), rssAfterMb: mb(rssKb(pid)),
    rssEarlyMb: mb(peak(kbs.slice(0, quarter))), rssLateMb: mb(peak(kbs.slice(-quarter))),
  };
}
