// `pnpm --filter ./bench run bench:lighthouse:try [--runs N] [--page login|dashboard]… [--json] [--no-build]`:
// the lighthouse suite (docs/bench.md "Lighthouse") printed and not recorded, for trying a change to
// the pages and for the smoke test (test/lighthouse.test.ts). `pnpm bench lighthouse` runs the same
// measurement and appends its table to bench/RESULTS.md.
//   --runs N       runs per page (default BENCH_LIGHTHOUSE_RUNS, else 3); the median is reported
//   --page NAME    login (/auth/login) or dashboard (/user/main); repeatable; default both
//   --json         print the measured runs as JSON on stdout instead of the table
//   --no-build     use the builds as they are (default: build what is missing or older than its sources)
import { int } from './lib/env';
import { ensureBuilt } from './lib/build';
import { printTable } from './lib/results';
import { PAGES, type PageName } from './lib/budget';
import { lighthouseNotes, lighthouseRows, measureLighthouse } from './benchmarks/lighthouse-suite';

interface Args {
  runs: number;
  pages: PageName[];
  json: boolean;
  build: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: int('BENCH_LIGHTHOUSE_RUNS', 3), pages: [], json: false, build: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--no-build') args.build = false;
    else if (a === '--runs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`--runs needs a positive whole number, got ${argv[i]}`);
      args.runs = n;
    } else if (a === '--page') {
      const name = argv[++i];
      if (!name || !(name in PAGES)) throw new Error(`--page is one of ${Object.keys(PAGES).join(', ')}, got ${name}`);
      args.pages.push(name as PageName);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!args.pages.length) args.pages = Object.keys(PAGES) as PageName[];
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.build) await ensureBuilt(['server', 'shell', 'user-app', 'admin-app']);
  const results = await measureLighthouse({ runs: args.runs, pages: args.pages, log: (line) => console.error(line) });
  if (args.json) {
    console.log(JSON.stringify(results));
    return;
  }
  printTable(lighthouseRows(results));
  for (const note of lighthouseNotes(results)) console.log(`- ${note}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
