import { api, beginEarlyRead, store, userSessionAtom } from '@halcyon/api-client/http';
import { registerRuntimeRemotes } from '../federation/remotes';
import { registerResilience } from '../federation/resilience';
import { registerSeamCheck } from '../federation/seamCheck';
import { remotePage } from '../federation/remotePage';
import { AppRoutes } from '../app/AppRoutes';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { startShell } from './startShell';

/** The investor's landing page: its welcome and figures wait for the profile (issue 32). */
const DASHBOARD = '/user/main';

/** The federated app (index.tsx): the shell's routes, a remote's pages loaded through the federation runtime. */
export function startFederatedApp(config: Promise<RuntimeConfig>): Promise<void> {
  return startShell(
    <AppRoutes remotePage={remotePage} />,
    (loaded) => {
      registerResilience();
      registerSeamCheck();
      registerRuntimeRemotes(loaded.remotes);
      // Asked now, beside the remote's download, rather than once the dashboard has arrived and rendered.
      if (window.location.pathname === DASHBOARD && store.get(userSessionAtom).token) beginEarlyRead('getProfile', api.getProfile());
    },
    config,
  );
}
