// Helpers shared by the root scripts (start, dev, test-all).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = process.env.npm_execpath?.includes('pnpm') ? process.env.npm_execpath : null;

/** Runs a command with inherited stdio; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** `pnpm …` through the pnpm that runs this script (or npx when run directly). */
export function pnpm(args, options) {
  return PNPM ? run(process.execPath, [PNPM, ...args], options) : run('npx', ['-y', 'pnpm@10.34.9', ...args], options);
}

/** Newest modification time below a folder (ignoring node_modules and dist). */
export function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === '@mf-types' || name.startsWith('.')) continue;
    const p = join(dir, name);
    const s = statSync(p);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(p) : s.mtimeMs);
  }
  return newest;
}
