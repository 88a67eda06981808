// The sign-in pages' entry (issue 32): /, /auth/login and /auth/register, whose HTML the build
// prerenders. It is built without Module Federation (rspack.signin.config.cjs), so the form
// becomes usable without the federation runtime and the shared-module chunks; a remote's page
// (after a login, or a link) is a full load of the federated app (OpenApp).
import { AppRoutes } from './app/AppRoutes';
import { loadAppPage, openAppPage, OpenPageContext } from './entry/OpenApp';
import { startShell } from './entry/startShell';

void startShell(
  <OpenPageContext.Provider value={loadAppPage}>
    <AppRoutes remotePage={openAppPage} />
  </OpenPageContext.Provider>,
);
