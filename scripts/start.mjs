// `pnpm start`: builds whatever is missing or older than its sources, then serves the shell, both
// remotes and the API from one Node process (PORT, default 8080) on the embedded database.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, pnpm, root, run } from './lib.mjs';

// Frontends also rebuild when the shared singleton list / rspack setup / page template changes.
const sharedSources = [...['seam', 'api-client', 'shared-ui', 'app-kit'].map((p) => newestMtime(join(root, p))), ...['mf-shared.cjs', 'index.html'].map((f) => statSync(join(root, f)).mtimeMs)];
const targets = [
  { pkg: 'shell', output: 'shell/dist/index.html', deps: sharedSources },
  { pkg: 'user-app', output: 'user-app/dist/mf-manifest.json', deps: sharedSources },
  { pkg: 'admin-app', output: 'admin-app/dist/mf-manifest.json', deps: sharedSources },
  { pkg: 'server', output: 'server/dist/main.js', deps: [newestMtime(join(root, 'api-client'))] },
];

for (const t of targets) {
  const out = join(root, t.output);
  const stale = !existsSync(out) || Math.max(newestMtime(join(root, t.pkg)), ...t.deps) > statSync(out).mtimeMs;
  if (!stale) continue;
  console.log(`[start] building ${t.pkg}`);
  const code = await pnpm(['--filter', `./${t.pkg}`, 'run', 'build']);
  if (code !== 0) process.exit(code);
}

const code = await run(process.execPath, [join(root, 'server/dist/main.js')]);
process.exit(code);
