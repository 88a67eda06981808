import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToaster, toasterRequested } from './toasterSignal';

// react-toastify (~10 KB gzip) is not on the first load (issue 32): its container comes with the
// first toast, as does the library for toast.ts.
const ToasterContainer = lazy(() => import('./ToasterContainer').then((m) => ({ default: m.ToasterContainer })));

// Prerendered pages and their hydration have asked for no toast.
const notOnServer = () => false;

/**
 * Render once (the shell, or a standalone remote). Renders nothing until the first toast is asked
 * for; then react-toastify's one container (ToasterContainer.tsx: top centre, at most 20 visible,
 * a polite live region named "Notifications") loads and mounts, and the queued toasts show. Its own
 * Suspense boundary: loading it suspends nothing else.
 */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToaster, toasterRequested, notOnServer);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToasterContainer />
    </Suspense>
  );
}
