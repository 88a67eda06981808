import { AppRoutes } from '../app/AppRoutes';
import { loadAppPage, openAppPage, OpenPageContext } from './OpenApp';
import { prefetchAppScripts } from './prefetchApp';
import { startShell } from './startShell';

/** The sign-in pages' app (signin.tsx): the shell's routes, a remote's page opened by a page load. */
void startShell(
  <OpenPageContext.Provider value={loadAppPage}>
    <AppRoutes remotePage={openAppPage} />
  </OpenPageContext.Provider>,
).then(prefetchAppScripts);
