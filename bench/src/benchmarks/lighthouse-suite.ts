// Issue 32: Lighthouse (mobile preset) on the production build (API + shell + remotes on one port,
// PGlite), for /auth/login and for an investor's /user/main signed in; rows and notes for the table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../lib/server';
import { registerInvestors } from '../lib/fixtures';
import { fmt, verdict, type ResultRow } from '../lib/results';
import { PAGES, type PageName } from '../lib/budget';
import { investorSession } from './bundle-suite';
import { LH_TARGETS, lighthousePage, type LighthousePage, type LighthouseRun } from './lighthouse';

export type LighthouseResults = Partial<Record<PageName, LighthousePage>>;

/** `runs` Lighthouse runs per page (login first, then the dashboard), on a fresh server. */
export async function measureLighthouse(options: { runs: number; pages?: PageName[]; log?: (line: string) => void }): Promise<LighthouseResults> {
  const { runs, pages = ['login', 'dashboard'], log = () => {} } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'halcyon-bench-lighthouse-'));
  const server = await startServer({ dataDir });
  try {
    const out: LighthouseResults = {};
    for (const name of pages) {
      let storage = {};
      if (name === 'dashboard') {
        const [investor] = await registerInvestors(server.baseUrl, 1, 'lighthouse');
        if (!investor) throw new Error('no investor registered');
        storage = await investorSession(server.baseUrl, investor.token);
      }
      out[name] = await lighthousePage(server.baseUrl, PAGES[name], runs, storage, log);
    }
    return out;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (n: number): string => fmt(n, 0);
const cls = (n: number): string => fmt(n, 3);

/** The table's rows: per page, the medians against the issue's targets (FCP for context). */
export function lighthouseRows(results: LighthouseResults): ResultRow[] {
  return (Object.keys(PAGES) as PageName[]).flatMap((name) => {
    const page = results[name];
    if (!page) return [];
    const { median: m, runs } = page;
    const benchmark = `lighthouse ${page.path} (mobile)`;
    const of = `median of ${runs.length}`;
    return [
      { benchmark, metric: `performance score, ${of}`, value: fmt(m.score, 0), target: `≥ ${LH_TARGETS.score}`, verdict: verdict(m.score >= LH_TARGETS.score) },
      { benchmark, metric: `LCP ms, ${of}`, value: ms(m.lcpMs), target: `≤ ${LH_TARGETS.lcpMs}`, verdict: verdict(m.lcpMs <= LH_TARGETS.lcpMs) },
      { benchmark, metric: `TBT ms, ${of}`, value: ms(m.tbtMs), target: `≤ ${LH_TARGETS.tbtMs}`, verdict: verdict(m.tbtMs <= LH_TARGETS.tbtMs) },
      { benchmark, metric: `CLS, ${of}`, value: cls(m.cls), target: `≤ ${LH_TARGETS.cls}`, verdict: verdict(m.cls <= LH_TARGETS.cls) },
      { benchmark, metric: `FCP ms, ${of}`, value: ms(m.fcpMs) },
    ];
  });
}

const runLine = (r: LighthouseRun): string => `${r.score} / ${ms(r.lcpMs)} / ${ms(r.tbtMs)} / ${cls(r.cls)} / ${ms(r.fcpMs)} (benchmarkIndex ${fmt(r.benchmarkIndex, 0)})`;

/** Notes under the table: each run, and where the median-score run's LCP and main-thread time come from. */
export function lighthouseNotes(results: LighthouseResults): string[] {
  const notes: string[] = [];
  const any = Object.values(results)[0]?.medianRun;
  if (any) notes.push(`lighthouse ${any.lighthouseVersion}, mobile preset (simulated throttling: 4× CPU slowdown, slow 4G), performance category only, one fresh headless Chromium per run (${any.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? any.userAgent}); third-party hosts unresolvable.`);
  for (const name of Object.keys(PAGES) as PageName[]) {
    const page = results[name];
    if (!page) continue;
    const r = page.medianRun;
    notes.push(`${page.path} runs (score / LCP ms / TBT ms / CLS / FCP ms): ${page.runs.map(runLine).join('; ')}.`);
    notes.push(`${page.path} LCP element (median-score run): ${r.lcpElement ?? 'not given'}${r.lcpPhases.length ? `; phases ${r.lcpPhases.map((p) => `${p.phase} ${ms(p.ms)} ms`).join(', ')}` : ''}.`);
    notes.push(`${page.path} main-thread time by script (bootup-time, median-score run, total / scripting ms): ${r.topScripts.slice(0, 4).map((s) => `${s.url} ${ms(s.totalMs)} / ${ms(s.scriptingMs)}`).join(', ') || 'none over the threshold'}; by kind: ${r.mainThread.slice(0, 4).map((g) => `${g.group} ${ms(g.ms)}`).join(', ')}.`);
    if (r.layoutShifts.length) notes.push(`${page.path} largest layout shifts (layout-shifts, median-score run): ${r.layoutShifts.slice(0, 3).map((l) => `${l.element} ${cls(l.score)}${l.causes.length ? ` (${l.causes.join('; ')})` : ''}`).join(', ')}.`);
    const third = page.runs.flatMap((run) => run.thirdParty);
    if (third.length) notes.push(`${page.path} third-party requests: ${third.length} over ${page.runs.length} runs, ${third.filter((t) => t.failed).length} blocked (${[...new Set(third.map((t) => new URL(t.url).host))].join(', ')}).`);
    const warnings = [...new Set(page.runs.flatMap((run) => run.warnings))];
    if (warnings.length) notes.push(`${page.path} Lighthouse warnings: ${warnings.join(' | ')}`);
  }
  return notes;
}
