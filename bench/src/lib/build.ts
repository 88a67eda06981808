// Builds a package's production output when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pkgDir, repoRoot } from './paths';

const OUTPUT: Record<string, string> = { server: 'dist/main.js', shell: 'dist/index.html', 'user-app': 'dist/remoteEntry.js', 'admin-app': 'dist/remoteEntry.js' };

function newest(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.') || name === '@mf-types') continue;
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

export async function ensureBuilt(pkgs: string[]): Promise<void> {
  for (const pkg of pkgs) {
    // A server build given by path is the caller's business.
    if (pkg === 'server' && process.env.BENCH_SERVER_MAIN) continue;
    const out = join(pkgDir(pkg), OUTPUT[pkg] ?? 'dist');
    const sources = Math.max(newest(join(pkgDir(pkg), 'src')), ...['seam', 'api-client', 'shared-ui', 'app-kit'].map((dir) => newest(join(repoRoot, dir, 'src'))));
    if (existsSync(out) && statSync(out).mtimeMs >= sources) continue;
    console.error(`building ${pkg}…`);
    // The pnpm that runs us (npm_execpath), else the one on PATH.
    const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
    const args = [...pnpm.slice(1), '--filter', `./${pkg}`, 'run', 'build'];
    const r = spawnSync(pnpm[0] as string, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) throw new Error(`build of ${pkg} failed (exit ${r.status})`);
  }
}
