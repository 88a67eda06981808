// Prints a result table and appends it, dated and with the machine's core count, to RESULTS.md.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { resultsFile } from './paths';

export interface ResultRow {
  benchmark: string;
  metric: string;
  value: string;
  /** e.g. '≥ 0.5' */
  target?: string;
  /** 'met' / 'NOT met' when there is a target */
  verdict?: string;
}

export const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
export const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function markdownTable(rows: ResultRow[]): string {
  const head = '| benchmark | metric | value | target | verdict |\n|---|---|---|---|---|';
  const lines = rows.map((r) => `| ${r.benchmark} | ${r.metric} | ${r.value} | ${r.target ?? ''} | ${r.verdict ?? ''} |`);
  return [head, ...lines].join('\n');
}

export function printTable(rows: ResultRow[]): void {
  const cols: (keyof ResultRow)[] = ['benchmark', 'metric', 'value', 'target', 'verdict'];
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(width[i] ?? 0)).join('  ');
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => r[c] ?? '')));
}

function machineLine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `nproc ${availableParallelism()}, ${model}, Node ${process.version}`;
}

/** Appends one dated section; `notes` are free lines under the table (settings, caveats). */
export function appendResults(title: string, rows: ResultRow[], notes: string[] = []): void {
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n\nAppended by `pnpm bench` (newest last). See docs/bench.md for what each figure means.\n');
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const section = [`\n## ${stamp} — ${title}`, '', `Machine: ${machineLine()}.`, '', markdownTable(rows), ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []), ''];
  appendFileSync(resultsFile, section.join('\n'));
}
