// Where the product under test runs. Global setup writes it; every test file reads it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const infoFile = join(resultsDir, 'run.json');

export function writeRunInfo(info: RunInfo): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(infoFile, JSON.stringify(info, null, 2));
}

let override: string | undefined;

export function runInfo(): RunInfo {
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as RunInfo;
  return override ? { ...info, baseUrl: override } : info;
}

/** Points this test file's API and page helpers at another running product (deploys test). */
export function useProduct(baseUrl: string | undefined): void {
  override = baseUrl;
}
