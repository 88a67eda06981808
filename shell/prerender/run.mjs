// `pnpm build`'s last step: bundles prerender/pages.tsx for Node (the app's TSX and its workspace
// packages' sources, as rspack sees them) and runs it.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'node_modules', '.cache', 'prerender', 'pages.cjs');
mkdirSync(dirname(out), { recursive: true });
await build({
  entryPoints: [join(here, 'pages.tsx')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  jsx: 'automatic',
  outfile: out,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
});
execFileSync(process.execPath, [out, join(here, '..', 'dist')], { stdio: 'inherit' });
