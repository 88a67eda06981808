/** Removes the run's template (global-setup.ts ran in this same process). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __removeTemplate?: () => Promise<void> }).__removeTemplate?.();
}
