// Runs the steps of `pnpm test` side by side: a step starts, in list order, as soon as the steps it
// needs have passed and there is room for its cores (one-core steps keep room for the widest step
// still waiting). The room is one core more than the machine has: the browser and fault steps spend much of their time waiting on pages, timers and child
// processes, and with exactly one step per core a quarter of the machine sat idle (docs/testing.md).
// Two more was tried on a slow machine (2026-11-27): the load stretched the fault tests' timing past
// their tolerance, and the run was no shorter.
// Each step writes to its own log file, printed whole when the step ends, so two steps' output
// never interleaves. Ends with a table of every step and its duration.
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Jest's closing "Tests:" line, or node:test's summary (`ℹ pass 9`), as counts; null for a step that ran neither. */
export function testCounts(log) {
  const line = [...log.matchAll(/^Tests:\s+(.+)$/gm)].pop()?.[1];
  if (line) {
    const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
    return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
  }
  const summary = (word) => [...log.matchAll(new RegExp(`^ℹ ${word} (\\d+)$`, 'gm'))].pop()?.[1];
  if (summary('pass') === undefined) return null;
  return { passed: Number(summary('pass')), failed: Number(summary('fail')), skipped: Number(summary('skipped')) };
}

/**
 * CPU seconds (user + system) in a file of bash `times` outputs (scripts/lib.mjs `run`): each is
 * two lines, the shell's own and its children's, as `0m1.234s 0m0.567s`; the children's count.
 */
export function cpuSeconds(text) {
  const seconds = (t) => Number(t.slice(0, t.indexOf('m'))) * 60 + Number(t.slice(t.indexOf('m') + 1, -1));
  const lines = text.split('\n').filter((l) => /^\d+m[\d.]+s \d+m[\d.]+s$/.test(l));
  return lines.filter((_l, i) => i % 2 === 1).reduce((sum, l) => sum + l.split(' ').map(seconds).reduce((a, b) => a + b, 0), 0);
}

/**
 * @param {Array<{ name: string, cores: number, needs?: string[], run: (out: { stdio: unknown[], logFile: string, cpuFile: string }, cores: number) => Promise<number> }>} steps
 * @param {{ cores: number, skipped: (name: string) => boolean, logFile: (name: string) => string }} options
 */
export async function schedule(steps, { cores, skipped, logFile }) {
  const started = Date.now();
  /** name → { status, start, end, counts } */
  const state = new Map(steps.map((s) => [s.name, { status: skipped(s.name) ? 'skipped' : 'pending', start: 0, end: 0, counts: null, cpu: 0 }]));
  const running = new Map();
  const room = cores + 1;
  let used = 0;

  /** A step wider than the machine gets the whole machine. */
  const widthOf = (step) => Math.min(step.cores, cores);
  const narrowUsed = () => steps.filter((s) => widthOf(s) === 1 && state.get(s.name).status === 'running').length;

  const startStep = (step) => {
    const width = widthOf(step);
    const info = state.get(step.name);
    const file = logFile(step.name);
    const fd = openSync(file, 'a');
    // Beside the log, in the folder the caller empties before the run (as the log is appended to).
    const cpuFile = `${file}.cpu`;
    info.status = 'running';
    info.start = Date.now() - started;
    used += width;
    console.log(`=== ${step.name}: started at ${clock(info.start)}`);
    const done = (async () => {
      let code;
      try {
        code = await step.run({ stdio: ['ignore', fd, fd], logFile: file, cpuFile }, width);
      } catch (error) {
        console.error(error);
        code = 1;
      }
      closeSync(fd);
      const log = readFileSync(file, 'utf8');
      info.end = Date.now() - started;
      info.counts = testCounts(log);
      info.cpu = existsSync(cpuFile) ? cpuSeconds(readFileSync(cpuFile, 'utf8')) : 0;
      info.status = code === 0 ? 'passed' : 'failed';
      used -= width;
      running.delete(step.name);
      console.log(`\n=== ${step.name}: ${info.status} in ${clock(info.end - info.start)} (log ${file})\n${log.trimEnd()}\n`);
    })();
    running.set(step.name, done);
  };

  /**
   * Room for the one-core steps while a wider step still waits: what the widest waiting one
   * leaves. Without it the one-core steps took every slot as it freed and a two-core suite
   * started only when they ran out (7 minutes into an 11-minute run, 2026-11-27).
   */
  const narrowRoom = () => {
    const waiting = steps.filter((s) => widthOf(s) > 1 && state.get(s.name).status === 'pending').map(widthOf);
    return waiting.length ? room - Math.max(...waiting) : room;
  };

  for (;;) {
    for (const step of steps) {
      const info = state.get(step.name);
      if (info.status !== 'pending') continue;
      const needs = (step.needs ?? []).map((n) => state.get(n)?.status);
      if (needs.some((s) => s === 'failed' || s === 'not run')) {
        info.status = 'not run';
        continue;
      }
      if (needs.some((s) => s === 'pending' || s === 'running')) continue;
      const width = widthOf(step);
      if (used > 0 && used + width > room) continue;
      if (width === 1 && narrowUsed() + 1 > narrowRoom()) continue;
      startStep(step);
    }
    if (!running.size) break;
    await Promise.race(running.values());
  }

  const total = Date.now() - started;
  const rows = steps.map((s) => {
    const { status, start, end, counts, cpu } = state.get(s.name);
    const ran = status === 'passed' || status === 'failed';
    const tests = counts ? [`${counts.passed} passed`, counts.failed && `${counts.failed} failed`, counts.skipped && `${counts.skipped} skipped`].filter(Boolean).join(', ') : '';
    return [s.name, status, ran ? clock(start) : '', ran ? clock(end - start) : '', ran ? clock(cpu * 1000) : '', tests];
  });
  // cpu: what the step's own processes used (not PostgreSQL's or the chain nodes' service processes).
  const header = ['step', 'result', 'start', 'took', 'cpu', 'tests'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const r of rows) console.log(line(r));
  const results = steps.map((s) => ({ name: s.name, ...state.get(s.name) }));
  console.log(`whole run: ${clock(total)} on ${cores} cores, the steps' CPU ${clock(results.reduce((sum, r) => sum + r.cpu, 0) * 1000)}`);

  const failedSteps = results.filter((r) => r.status === 'failed');
  if (failedSteps.length) console.log(`\nFAILED: ${failedSteps.map((r) => r.name).join(', ')}`);
  // A failed step with no failing test of its own (typecheck, lint, a crash) still counts as one failure.
  const passed = results.reduce((n, r) => n + (r.counts?.passed ?? 0), 0);
  const failed = results.reduce((n, r) => n + (r.counts?.failed || (r.status === 'failed' ? 1 : 0)), 0);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  return results;
}
