// Where things live, resolved from this file so scripts work from any working directory.
import { join } from 'node:path';

const benchRoot = join(__dirname, '..', '..');
export const repoRoot = join(benchRoot, '..');
/** BENCH_SERVER_MAIN points at another build of the server (e.g. a profiling build). */
export const serverMain = process.env.BENCH_SERVER_MAIN || join(repoRoot, 'server', 'dist', 'main.js');
export const resultsFile = join(benchRoot, 'RESULTS.md');
export const budgetFile = join(benchRoot, 'bundle-budget.json');
export const pkgDir = (pkg: string): string => join(repoRoot, pkg);
