// A build's last step, `node ../scripts/prerender.mjs <entry.tsx>` in an app's folder: bundles the
// entry for Node (the app's TSX and its workspace packages' sources, as rspack sees them) and runs
// it with the app's dist folder (shell/prerender/pages.tsx: the sign-in pages; user-app/prerender/
// frame.tsx: the dashboard's frame).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

const entry = resolve(process.argv[2] ?? '');
const app = process.cwd();
const out = join(app, 'node_modules', '.cache', 'prerender', `${basename(entry).replace(/\.tsx?$/, '')}.cjs`);
mkdirSync(join(out, '..'), { recursive: true });
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  jsx: 'automatic',
  outfile: out,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
});
execFileSync(process.execPath, [out, join(app, 'dist')], { stdio: 'inherit' });
