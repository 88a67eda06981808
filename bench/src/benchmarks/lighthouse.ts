// Lighthouse's mobile preset (its default config: simulated throttling of a mid-range phone's CPU
// and slow 4G, a phone's screen) on Debian's Chromium (issue 32). One fresh browser per run: a new
// profile, so a cold cache and no storage but what the run seeds (the signed-in session) before the
// audited navigation; Lighthouse is told not to reset storage (nothing to reset in a new profile).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'lighthouse';
import { launch as launchChrome } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, LOCAL_ONLY_FLAG } from '@halcyon/test-kit';
import { median } from './pgbench';
import type { Storage } from './bundles';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless. Every host name resolves to nothing except our own (the server is
 * on 127.0.0.1, an address no rule touches), so a third-party request (the market widgets) fails
 * at once instead of being waited for, with or without internet.
 */
const CHROME_FLAGS = [...CHROMIUM_FLAGS, LOCAL_ONLY_FLAG];

/** The targets (issue 32): Lighthouse's "good" thresholds for a phone. */
export const LH_TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 } as const;

/** One Lighthouse run's figures and what Lighthouse says they come from. */
export interface LighthouseRun {
  /** Performance score, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The LCP element as Lighthouse names it (selector and a snippet of its HTML), if given. */
  lcpElement: string | null;
  /** LCP's phases (TTFB, load delay, load time, render delay), ms, if given. */
  lcpPhases: Array<{ phase: string; ms: number }>;
  /** The largest layout shifts (layout-shifts): the element that moved most, its share of CLS, causes Lighthouse found. */
  layoutShifts: Array<{ element: string; score: number; causes: string[] }>;
  /** Scripts by main-thread time (bootup-time), most first. */
  topScripts: Array<{ url: string; totalMs: number; scriptingMs: number }>;
  /** Main-thread time by category (mainthread-work-breakdown), ms, most first. */
  mainThread: Array<{ group: string; ms: number }>;
  /** Requests to other origins seen by Lighthouse (each must have failed: blocked). */
  thirdParty: Array<{ url: string; failed: boolean }>;
  warnings: string[];
  /** Lighthouse's measure of the machine's speed at the run (lower = slower or busier). */
  benchmarkIndex: number;
  lighthouseVersion: string;
  userAgent: string;
}

export interface LighthousePage {
  path: string;
  runs: LighthouseRun[];
  /** Per-metric medians over the runs. */
  median: Pick<LighthouseRun, 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls'>;
  /** The run whose score is the median: its attribution stands for the set. */
  medianRun: LighthouseRun;
}

type Audits = Result['audits'];
type Details = NonNullable<Audits[string]>['details'];

const numeric = (audits: Audits, id: string): number => {
  const v = audits[id]?.numericValue;
  if (typeof v !== 'number') throw new Error(`Lighthouse gave no ${id}`);
  return v;
};

const itemsOf = (details: Details): Array<Record<string, unknown>> =>
  details && 'items' in details && Array.isArray(details.items) ? (details.items as Array<Record<string, unknown>>) : [];

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

const nodeName = (v: unknown): string | null => {
  const node = v as { selector?: unknown; snippet?: unknown; nodeLabel?: unknown } | undefined;
  if (!node) return null;
  return `${str(node.selector)} ${str(node.snippet)}`.trim() || str(node.nodeLabel) || null;
};

/** largest-contentful-paint-element: a list of two tables (the element; its phases), or one table (older). */
function lcpAttribution(audits: Audits): Pick<LighthouseRun, 'lcpElement' | 'lcpPhases'> {
  const details = audits['largest-contentful-paint-element']?.details;
  const tables = itemsOf(details).some((i) => i.type === 'table') ? itemsOf(details).map((t) => itemsOf(t as Details)) : [itemsOf(details)];
  let lcpElement: string | null = null;
  const lcpPhases: LighthouseRun['lcpPhases'] = [];
  for (const rows of tables) {
    for (const row of rows) {
      lcpElement ??= nodeName(row.node);
      if (typeof row.phase === 'string') lcpPhases.push({ phase: row.phase, ms: num(row.timing) });
    }
  }
  return { lcpElement, lcpPhases };
}

function summarize(lhr: Result, origin: string): LighthouseRun {
  const { audits } = lhr;
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
  const topScripts = itemsOf(audits['bootup-time']?.details)
    .map((i) => ({ url: str(i.url).startsWith(origin) ? str(i.url).slice(origin.length) : str(i.url), totalMs: num(i.total), scriptingMs: num(i.scripting) }))
    .sort((a, b) => b.totalMs - a.totalMs);
  const layoutShifts = itemsOf(audits['layout-shifts']?.details).map((i) => ({
    element: nodeName(i.node) ?? 'not named',
    score: num(i.score),
    // A cause names an element (unsized media) or a URL (web font, injected iframe).
    causes: itemsOf(i.subItems as Details).map((c) => [str(c.cause), nodeName(c.extra) ?? str((c.extra as { value?: unknown } | undefined)?.value)].filter(Boolean).join(' ')),
  }));
  const mainThread = itemsOf(audits['mainthread-work-breakdown']?.details)
    .map((i) => ({ group: str(i.groupLabel) || str(i.group), ms: num(i.duration) }))
    .sort((a, b) => b.ms - a.ms);
  const thirdParty = itemsOf(audits['network-requests']?.details)
    .filter((i) => /^https?:/.test(str(i.url)) && !str(i.url).startsWith(origin))
    .map((i) => ({ url: str(i.url), failed: i.finished === false || num(i.statusCode) <= 0 || num(i.statusCode) >= 400 }));
  return {
    score: Math.round(score * 100),
    fcpMs: numeric(audits, 'first-contentful-paint'),
    lcpMs: numeric(audits, 'largest-contentful-paint'),
    tbtMs: numeric(audits, 'total-blocking-time'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    ...lcpAttribution(audits),
    layoutShifts,
    topScripts,
    mainThread,
    thirdParty,
    warnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
  };
}

/** Lighthouse could not audit the page (its runtimeError), as opposed to a wrong page. */
class LighthouseRuntimeError extends Error {}

/** Writes `storage` into the origin's localStorage through a tiny same-origin page (no app assets cached). */
async function seedStorage(port: number, origin: string, storage: Storage): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((entries: Storage) => {
      for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
    }, storage);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse navigation of `origin + path` in a fresh Chromium. */
async function lighthouseRun(origin: string, path: string, storage: Storage = {}): Promise<LighthouseRun> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const userDataDir = mkdtempSync(join(tmpdir(), 'halcyon-lighthouse-'));
  const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    if (Object.keys(storage).length) await seedStorage(chrome.port, origin, storage);
    // The profile is new: no cache or other storage to reset, and the seeded session stays as set.
    // Imported here, not at the top: tsx compiles a static import of this ES module into its CJS
    // form with esbuild's keepNames, and Lighthouse sends some of its functions' source into the
    // page, where the added `__name` calls do not exist. A dynamic import loads it untouched.
    const { default: lighthouse } = await import('lighthouse');
    const result = await lighthouse(origin + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A guard that redirected (e.g. to the login) would measure the wrong page.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== path) throw new Error(`${path} ended on ${landed}: not the page to measure`);
    return summarize(lhr, origin);
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** `runs` Lighthouse runs of one page, one after another; medians per metric. */
export async function lighthousePage(origin: string, path: string, runs: number, storage: Storage = {}, log: (line: string) => void = () => {}): Promise<LighthousePage> {
  const done: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await lighthouseRun(origin, path, storage).catch((error: unknown) => {
      // Seen twice in trial runs on the shared machine: the document request failed
      // (CHROME_INTERSTITIAL_ERROR). One more try in a new browser; the log keeps the failure.
      if (!(error instanceof LighthouseRuntimeError)) throw error;
      log(`lighthouse ${path} run ${i + 1}: ${error.message}; trying once more`);
      return lighthouseRun(origin, path, storage);
    });
    log(`lighthouse ${path} run ${i + 1}/${runs}: score ${r.score}, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)} (benchmarkIndex ${Math.round(r.benchmarkIndex)})`);
    done.push(r);
  }
  const byScore = [...done].sort((a, b) => a.score - b.score);
  const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
  if (!medianRun) throw new Error('no Lighthouse runs');
  const m = (pick: (r: LighthouseRun) => number): number => median(done.map(pick));
  return { path, runs: done, median: { score: m((r) => r.score), fcpMs: m((r) => r.fcpMs), lcpMs: m((r) => r.lcpMs), tbtMs: m((r) => r.tbtMs), cls: m((r) => r.cls) }, medianRun };
}
