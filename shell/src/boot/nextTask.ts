interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a task of its own, so that the work after it is not added to the current one: a
 * phone then answers a tap between the two, and no single task blocks the page for long (issue 32:
 * Lighthouse's TBT counts each task's time over 50 ms). `scheduler.yield()` where the browser has
 * it (its continuation keeps its place ahead of other work), else a message to ourselves, which,
 * unlike a timer, a background tab does not slow down.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs `steps` one after another, each in a task of its own. */
export async function inTasks(steps: ReadonlyArray<() => unknown>): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
