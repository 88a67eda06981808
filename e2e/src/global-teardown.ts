// Stops the process group global setup started and removes its temporary data folder.
import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as Record<string, unknown>).__halcyonServer as { pid?: number; dataDir: string } | undefined;
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  // PGlite flushes on SIGTERM; give it a moment before forcing.
  for (let i = 0; i < 20 && alive(server.pid); i++) await new Promise((r) => setTimeout(r, 250));
  if (alive(server.pid)) process.kill(-server.pid, 'SIGKILL');
  rmSync(server.dataDir, { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
