// A federation runtime plugin of every federated build (mf-shared.cjs `runtimePlugins`: the shell
// and each remote's container), there from the runtime's start. At start the runtime resolves every
// shared module the page (or the remote) begins with (React, the router, Jotai, …) in one go, with
// version checks for each; on a phone that was one task of 100–200 ms for the shell and as much
// again for the dashboard's remote (issue 32: Lighthouse's TBT). Here each resolution waits for a
// task of its own once the current one has run for a slice, so a tap is answered between them.
// Nothing is loaded later or in another order: only where the task boundaries fall changes.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../boot/nextTask';

/** How long a run of resolutions may go on in one task. */
const SLICE_MS = 30;

export default function startupInTasks(): ModuleFederationRuntimePlugin {
  let sliceStart = Number.NEGATIVE_INFINITY;
  return {
    name: 'halcyon-startup-in-tasks',
    async beforeLoadShare(args) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTask();
        sliceStart = performance.now();
      }
      return args;
    },
  };
}
