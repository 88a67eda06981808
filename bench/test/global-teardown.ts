import type { BenchGlobals } from './global-setup';

/** Drops the scratch database global-setup.ts made (none when the caller passed DATABASE_URL). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as BenchGlobals).__benchScratchDb?.drop();
}
