import { createContext, useContext, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Loading } from '@halcyon/shared-ui';
import { handOverToasts } from '@halcyon/shared-ui/toast';

/**
 * Opens a remote's page from a sign-in page (signin.tsx has no federation runtime): the browser
 * loads it from the server, which sends the federated app (and its preloads) for that path. The
 * page replaces the sign-in page in the history, as the app's own redirect after a login does, and
 * "Login Successfully" is read on it, not lost with this one.
 */
export function loadAppPage(path: string): void {
  handOverToasts();
  window.location.replace(path);
}

/** How the screens open a page after a login: the federated app routes there; a sign-in page loads it. */
export const OpenPageContext = createContext<((path: string) => void) | null>(null);

/** Opens `path` in place of the current page (see OpenPageContext). */
export function useOpenPage(): (path: string) => void {
  const navigate = useNavigate();
  const open = useContext(OpenPageContext);
  return open ?? ((path) => void navigate(path, { replace: true }));
}

/** A remote's path reached by a link on a sign-in page: loaded from the server. */
function OpenApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => loadAppPage(pathname + search + hash), [pathname, search, hash]);
  return <Loading />;
}

export const openAppPage = () => <OpenApp />;
