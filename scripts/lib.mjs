// Helpers shared by the root scripts (start, dev, test-all).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = process.env.npm_execpath?.includes('pnpm') ? process.env.npm_execpath : null;

/**
 * Runs a command with inherited stdio; resolves with its exit code. With `cpuFile`, the command runs
 * under bash, which appends the CPU time of everything it started and waited for (`times`:
 * user and system seconds) to that file when it ends: how `pnpm test` knows each step's CPU.
 */
export function run(cmd, args, options = {}) {
  const { cpuFile, ...spawnOptions } = options;
  if (cpuFile) [cmd, args] = ['bash', ['-c', '"$@"; code=$?; times >> "$HALCYON_CPU_FILE"; exit $code', 'bash', cmd, ...args]];
  return new Promise((resolve) => {
    const env = { ...process.env, ...spawnOptions.env, ...(cpuFile ? { HALCYON_CPU_FILE: cpuFile } : {}) };
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...spawnOptions, env });
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
