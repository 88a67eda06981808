// `pnpm dev`: the API (tsx watch, port 8080) and one rspack dev server per frontend with hot
// reload: shell :3000 (proxies /api, serves a config.json pointing at the remotes' dev servers),
// user-app :3001 and admin-app :3002 (each also runs standalone, with CORS for the shell).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '8080';
const env = { ...process.env, NODE_ENV: 'development', API_PORT: apiPort };
const bin = (pkg, name) => join(root, pkg, 'node_modules', '.bin', name);

const parts = [
  { name: 'server', cwd: 'server', cmd: bin('server', 'tsx'), args: ['watch', 'src/main.ts'], env: { PORT: apiPort } },
  { name: 'shell', cwd: 'shell', cmd: bin('shell', 'rspack'), args: ['serve'] },
  { name: 'user-app', cwd: 'user-app', cmd: bin('user-app', 'rspack'), args: ['serve'] },
  { name: 'admin-app', cwd: 'admin-app', cmd: bin('admin-app', 'rspack'), args: ['serve'] },
];

const children = [];
let stopping = false;

/** Prefixes each line so four logs stay readable in one terminal. */
function pipe(stream, name, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const part of parts) {
  const child = spawn(part.cmd, part.args, { cwd: join(root, part.cwd), env: { ...env, ...part.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  pipe(child.stdout, part.name, process.stdout);
  pipe(child.stderr, part.name, process.stderr);
  // One part dying leaves a half-working setup: stop everything and say which one.
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${part.name} exited (${signal ?? code}); stopping the rest`);
    stopAll(code || 1);
  });
  children.push(child);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
console.log(`[dev] shell http://localhost:3000 · user-app http://localhost:3001/user/ · admin-app http://localhost:3002/admin/ · API http://localhost:${apiPort}/api`);
