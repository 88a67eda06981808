// Where the product under test runs. Global setup writes it; every test file reads it.
import { join } from 'node:path';

export interface RunInfo {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** 'pglite' or 'postgresql', for the reports and file names */
  database: string;
}

const e2eRoot = join(__dirname, '..');
export const repoRoot = join(e2eRoot, '..');
export const resultsDir = join(e2eRoot, 'results');
export const shotsDir = join(e2eRoot, 'shots');
// In this run's environment, not in a file: test files (and workers) inherit the environment
// global setup leaves, and two runs in one checkout cannot read each other's product.
const INFO_VAR = 'HALCYON_E2E_RUN';

export function writeRunInfo(info: RunInfo): void {
  process.env[INFO_VAR] = JSON.stringify(info);
}

let override: string | undefined;

export function runInfo(): RunInfo {
  const raw = process.env[INFO_VAR];
  if (!raw) throw new Error(`${INFO_VAR} is not set: run the suite through jest (src/global-setup.ts sets it)`);
  const info = JSON.parse(raw) as RunInfo;
  return override ? { ...info, baseUrl: override } : info;
}

/** Points this test file's API and page helpers at another running product (the skew matrix). */
export function useProduct(baseUrl: string | undefined): void {
  override = baseUrl;
}
