// `pnpm --filter ./bench run bench:chain:try`: the chain suite (docs/bench.md "Chain") printed and not
// recorded, for trying sizes and for the smoke test (test/chain-bench.test.ts). `pnpm bench chain`
// runs the same suite and appends its table to bench/RESULTS.md.
import { ensureBuilt } from './lib/build';
import { printTable } from './lib/results';
import { chainSuite } from './chain-suite';

async function main(): Promise<void> {
  await ensureBuilt(['server']);
  const out = await chainSuite();
  printTable(out.rows);
  for (const note of out.notes) console.log(`- ${note}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
