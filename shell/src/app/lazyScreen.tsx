import { lazy, Suspense, type ComponentType, type FunctionComponent } from 'react';
import { Loading } from '@halcyon/shared-ui';

export type LazyScreen<P extends object> = FunctionComponent<P> & {
  /** Fetches the screen's code now; once done the screen renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * A screen loaded on first visit, so the login page does not download the other screens.
 * `load` imports the module; `pick` takes the named export (screens have no default export).
 */
export function lazyScreen<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const resolve = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A failed download (offline, new deploy) is tried again on the next visit.
        pending = undefined;
        throw error;
      },
    ));
  const Suspended = lazy(async () => ({ default: await resolve() }));
  function Screen(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<Loading />}>
        <Suspended {...props} />
      </Suspense>
    );
  }
  return Object.assign(Screen, { preload: async () => void (await resolve()) });
}
