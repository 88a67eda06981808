/**
 * The brand is runtime configuration (deviations.md). The shell may publish it on
 * `window.__HALCYON_BRAND__`; otherwise the default name is used.
 */
export function brandName(): string {
  const fromShell = typeof window !== 'undefined' ? (window as Window & { __HALCYON_BRAND__?: unknown }).__HALCYON_BRAND__ : undefined;
  return typeof fromShell === 'string' && fromShell ? fromShell : 'Halcyon';
}
