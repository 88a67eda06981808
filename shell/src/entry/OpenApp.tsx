import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '@halcyon/shared-ui';

/**
 * A remote's page reached from a sign-in page (signin.tsx has no federation runtime): the browser
 * loads it from the server, which sends the federated app (and its preloads) for that path. It
 * replaces the history entry the router has just made for it, so Back does not come here again.
 */
function OpenApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash]);
  return <Loading />;
}

export const openAppPage = () => <OpenApp />;
