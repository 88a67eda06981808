// The federated shell's entry: every page but the prerendered sign-in pages (signin.tsx). With
// experiments.asyncStartup the federation runtime has initialised the shared scope before this
// runs, so shared modules are imported directly (no bootstrap file).
import { api, beginEarlyRead, store, userSessionAtom } from '@halcyon/api-client/http';
import { registerRuntimeRemotes } from './federation/remotes';
import { registerResilience } from './federation/resilience';
import { registerSeamCheck } from './federation/seamCheck';
import { remotePage } from './federation/remotePage';
import { AppRoutes } from './app/AppRoutes';
import { startShell } from './entry/startShell';

/** The investor's landing page: its welcome and figures wait for the profile (issue 32). */
const DASHBOARD = '/user/main';

void startShell(<AppRoutes remotePage={remotePage} />, (config) => {
  registerResilience();
  registerSeamCheck();
  registerRuntimeRemotes(config.remotes);
  // Asked now, beside the remote's download, rather than once the dashboard has arrived and rendered.
  if (window.location.pathname === DASHBOARD && store.get(userSessionAtom).token) beginEarlyRead('getProfile', api.getProfile());
});
