import type { ReactNode } from 'react';
import { ErrorState, Loading } from '@halcyon/shared-ui';
import type { Remote } from './useRemote';

interface RemoteViewProps<T> {
  remote: Remote<T>;
  /** What is loading, announced to screen readers, e.g. 'Loading deposits' */
  loadingLabel: string;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry) and ready states of one resource; stale data stays under an error. */
export function RemoteView<T>({ remote, loadingLabel, children }: RemoteViewProps<T>) {
  if (remote.status === 'loading' && remote.data === undefined) return <Loading label={loadingLabel} />;
  return (
    <>
      {remote.status === 'error' && <ErrorState message={remote.error} onRetry={() => void remote.reload()} />}
      {remote.data !== undefined && children(remote.data)}
    </>
  );
}
