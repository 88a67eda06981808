// `pnpm --filter ./bench run budget`: measures both pages and fails when either grew more than
// 5 % over bench/bundle-budget.json. `--record` (budget:record) writes the figures, only lowering.
// DATABASE_URL: the product runs on that (fresh) PostgreSQL database instead of PGlite.
import { ensureBuilt } from './lib/build';
import { budgetViolations, lowered, readBudget, writeBudget, type PageName } from './lib/budget';
import { measureBundles } from './benchmarks/bundle-suite';

async function main(): Promise<number> {
  const record = process.argv.includes('--record');
  await ensureBuilt(['server', 'shell', 'user-app', 'admin-app']);
  const pages = await measureBundles(process.env.DATABASE_URL || undefined);
  const measured: Record<PageName, number> = { login: pages.login.gzipBytes, dashboard: pages.dashboard.gzipBytes };
  console.log(`measured gzip bytes: login ${measured.login}, dashboard ${measured.dashboard}`);
  const budget = readBudget();
  if (record) {
    writeBudget(lowered(budget, measured));
    console.log('bench/bundle-budget.json updated (a figure only ever goes down here; raise it by hand, with a reason).');
    return 0;
  }
  if (!budget) {
    console.error('bench/bundle-budget.json is missing: run `pnpm --filter ./bench run budget:record`.');
    return 1;
  }
  const violations = budgetViolations(budget, measured);
  for (const v of violations) console.error(`bundle budget exceeded: ${v}`);
  if (!violations.length) console.log(`within budget (recorded login ${budget.gzipBytes.login}, dashboard ${budget.gzipBytes.dashboard}, +5 % allowed).`);
  return violations.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
