// The federated shell's entry: every page but the prerendered sign-in pages (signin.tsx). With
// experiments.asyncStartup the federation runtime has initialised the shared scope before this
// runs, so shared modules are imported directly (no bootstrap file).
//
// The app's modules are in the start chunks (eager) but are evaluated a part per task rather than
// all in one (issue 32: on a phone that one task blocked the page for about 250 ms): the session
// store, the API client, React's DOM, the styling runtime, the design system, then the rest. /config.json is asked
// for first, so its answer arrives while they run.
import { loadRuntimeConfig } from './config/runtimeConfig';
import { inTasks } from './boot/nextTask';

const config = loadRuntimeConfig();
void inTasks([
  () => import(/* webpackMode: "eager" */ '@halcyon/seam'),
  () => import(/* webpackMode: "eager" */ '@halcyon/api-client/http'),
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'styled-components'),
  () => import(/* webpackMode: "eager" */ '@halcyon/shared-ui'),
])
  .then(() => import(/* webpackMode: "eager" */ './entry/federatedApp'))
  .then(({ startFederatedApp }) => startFederatedApp(config));
