// The recorded bundle figures and the 5 % rule: bytes do not drift, so growth is a regression.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { budgetFile } from './paths';

export type PageName = 'login' | 'dashboard';
export const PAGES: Record<PageName, string> = { login: '/auth/login', dashboard: '/user/main' };
/** Issue 32's targets (issue 7's were 170 KB and 250 KB), gzip bytes (KB = 1000 bytes). */
export const TARGET_BYTES: Record<PageName, number> = { login: 150_000, dashboard: 200_000 };
export const TARGET_LCP_MS = 2500;
const MAX_GROWTH = 0.05;

export interface BudgetRecord {
  /** gzip bytes of same-origin JavaScript per page */
  gzipBytes: Record<PageName, number>;
  recordedAt: string;
}

export function readBudget(file = budgetFile): BudgetRecord | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BudgetRecord) : null;
}

export function writeBudget(gzipBytes: Record<PageName, number>, file = budgetFile): void {
  const record: BudgetRecord = { gzipBytes, recordedAt: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}

/** One message per page that grew more than 5 % over its record; empty when within budget. */
export function budgetViolations(record: BudgetRecord, measured: Record<PageName, number>): string[] {
  return (Object.keys(PAGES) as PageName[]).flatMap((page) => {
    const was = record.gzipBytes[page];
    const now = measured[page];
    if (now <= was * (1 + MAX_GROWTH)) return [];
    const pct = ((now / was - 1) * 100).toFixed(1);
    return [`${page} (${PAGES[page]}): ${now} gzip bytes, ${pct} % over the recorded ${was} (limit +${MAX_GROWTH * 100} %)`];
  });
}

/** New record: a page that got smaller lowers its figure; growth within 5 % keeps the old one. */
export function lowered(record: BudgetRecord | null, measured: Record<PageName, number>): Record<PageName, number> {
  if (!record) return measured;
  return { login: Math.min(record.gzipBytes.login, measured.login), dashboard: Math.min(record.gzipBytes.dashboard, measured.dashboard) };
}
