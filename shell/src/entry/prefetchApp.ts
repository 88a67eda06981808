/** The federated shell's start scripts, as its build lists them (mf-shared.cjs PagePreloadsPlugin). */
interface PagePreloads {
  start?: unknown;
  remotes?: unknown;
}

const files = (v: unknown): string[] => (Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : []);

/**
 * Once the sign-in page is usable and idle: the scripts the app's pages start with, prefetched at
 * the lowest priority (content-hashed, cached for a year), so the page after the login loads from
 * the cache. Not before: on a slow line they would share it with the form's own script (issue 32).
 * A failure only means the next page downloads them itself.
 */
export function prefetchAppScripts(): void {
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  whenIdle(() => {
    fetch('/page-preloads.json')
      .then((response): Promise<PagePreloads> | PagePreloads => (response.ok ? response.json() : {}))
      .then((preloads) => {
        for (const file of [...files(preloads.start), ...files(preloads.remotes)]) {
          const link = document.createElement('link');
          link.rel = 'prefetch';
          link.href = `/${file}`;
          document.head.appendChild(link);
        }
      })
      .catch(() => undefined);
  });
}
