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

async function get(base: string, path: string, token: string): Promise<Answer> {
  const start = performance.now();
  const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, bytes: Buffer.byteLength(text), ms, body: JSON.parse(text) as Answer['body'] };
}

/** Sequential calls after two warm-ups: the latency of one admin using the screen. */
export async function measureCase(base: string, token: string, name: string, path: string, repeats: number): Promise<CaseResult> {
  await get(base, path, token);
  await get(base, path, token);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < repeats; i++) {
    const a = await get(base, path, token);
    times.push(a.ms);
    bytes = Math.max(bytes, a.bytes);
  }
  times.sort((x, y) => x - y);
  return { name, p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes };
}

/** The cursor of page `depth + 1`, walked once `limit` rows at a time (each page a keyset read). */
export async function deepCursor(base: string, token: string, path: string, depth: number, limit: number): Promise<string | null> {
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  for (let i = 0; i < depth; i++) {
    const a = await get(base, `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    cursor = a.body.page?.nextCursor ?? null;
    if (!cursor) return null;
  }
  return cursor;
}

export interface ScreenTiming {
  path: string;
  /** Sidebar click → the screen's first table row: how an admin moves between screens. */
  clickMs: number;
  /** A full page load of the screen (shell, remote and data) → its first table row. */
  loadMs: number;
}

/** After the admin signed in once: each screen reached from the sidebar, then loaded afresh. */
export async function screensToFirstRow(base: string, admin: { email: string; password: string }, screens: ReadonlyArray<readonly [string, string]>): Promise<ScreenTiming[]> {
  const browser = await launch();
  try {
    const page: Page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${base}/admin-auth/admin-login`);
    await page.getByLabel(/^Email\b/i).first().fill(admin.email);
    await page.getByLabel(/^Password\b/i).first().fill(admin.password);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL(/\/admin\/overview/);
    const firstRow = () => page.locator('main tbody tr, tbody tr').first().waitFor({ state: 'visible', timeout: 30_000 });
    const out: ScreenTiming[] = [];
    for (const [path, label] of screens) {
      // From the overview each time, so the row found is the new screen's, not the last one's.
      await page.getByRole('link', { name: 'Overview', exact: true }).first().click();
      await page.waitForURL(/\/admin\/overview/);
      let start = performance.now();
      await page.getByRole('link', { name: label, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      await firstRow();
      const clickMs = performance.now() - start;
      await page.goto('about:blank');
      start = performance.now();
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      await firstRow();
      out.push({ path, clickMs, loadMs: performance.now() - start });
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
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      rows += (decoder.decode(chunk, { stream: true }).match(/\r\n/g) ?? []).length;
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
