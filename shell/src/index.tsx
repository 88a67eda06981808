// The federated shell's entry: every page but the prerendered sign-in pages (signin.tsx). With
// experiments.asyncStartup the federation runtime has initialised the shared scope before this
// runs, so shared modules are imported directly (no bootstrap file).
import { adminSessionAtom, api, beginEarlyRead, store, userSessionAtom } from '@halcyon/api-client/http';
import { registerRuntimeRemotes, remoteAt, startRemoteLoad } from './federation/remotes';
import { remotePage } from './federation/remotePage';
import { AppRoutes } from './app/AppRoutes';
import { startShell } from './entry/startShell';

/** The investor's landing page: its welcome and figures wait for the profile. */
const DASHBOARD = '/user/main';

void startShell(<AppRoutes remotePage={remotePage} />, (config) => {
  registerRuntimeRemotes(config.remotes);
  // A remote's page with its session: the remote and the dashboard's profile are asked for now,
  // beside the shell's first render, rather than once it has rendered (issue 32).
  const path = window.location.pathname;
  const remote = remoteAt(path);
  const signedIn = remote === 'user_app' ? store.get(userSessionAtom).token : remote === 'admin_app' ? store.get(adminSessionAtom).token : null;
  if (!remote || !signedIn) return;
  startRemoteLoad(remote);
  if (path === DASHBOARD) beginEarlyRead('getProfile', api.getProfile());
});
