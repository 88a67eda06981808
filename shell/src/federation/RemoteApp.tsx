import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Loading } from '@halcyon/shared-ui';
import type { RemoteName } from '../config/runtimeConfig';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { useRemoteLoader } from './RemoteLoaderContext';
import { RemoteFrame } from './RemoteFrame';
import { useRemoteFailure } from './resilience';

/**
 * The remote's App inside the federation's one QueryClient, its library loaded beside the remote
 * (not before it): the shell's own pages never load it.
 */
async function withQueries(remote: Promise<{ default: ComponentType }>): Promise<{ default: ComponentType }> {
  const [{ default: RemoteRoot }, { QueryClientProvider, queryClient }] = await Promise.all([remote, import('@halcyon/api-client/react')]);
  return {
    default: () => (
      <QueryClientProvider client={queryClient}>
        <RemoteRoot />
      </QueryClientProvider>
    ),
  };
}

const labels: Record<RemoteName, string> = { user_app: 'Loading your account...', admin_app: 'Loading the admin area...' };

/** The error panel, or the loading state while a failed chunk is checked against the remote's live release. */
function RemoteFailure({ name, error, onRetry }: { name: RemoteName; error: Error; onRetry(): void }) {
  const shown = useRemoteFailure(name, error);
  return <RemoteFrame>{shown ? <RemoteErrorPanel error={shown} onRetry={onRetry} /> : <Loading label={labels[name]} />}</RemoteFrame>;
}

/** Mounts a remote's App lazily: a loading state while it comes, an error panel with Retry if it fails. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const load = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy forever.
  const App = useMemo(() => lazy(() => withQueries(load(name, attempt > 0))), [load, name, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} fallback={(error) => <RemoteFailure name={name} error={error} onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense
        fallback={
          <RemoteFrame>
            <Loading label={labels[name]} />
          </RemoteFrame>
        }
      >
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
