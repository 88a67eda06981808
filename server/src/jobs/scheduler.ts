/** Something that runs now and then every `intervalMs`, never overlapping itself in this process. */
export interface Periodic {
  /** Resolves when the run in progress (if any) has finished. */
  stop(): Promise<void>;
  /** The first run (started immediately). */
  readonly firstRun: Promise<void>;
}

export function every(intervalMs: number, run: () => Promise<void>, onError: (error: unknown) => void): Periodic {
  let current: Promise<void> = Promise.resolve();
  let running = false;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (running || stopped) return current;
    running = true;
    current = run()
      .catch(onError)
      .finally(() => {
        running = false;
      });
    return current;
  };
  const firstRun = tick();
  // 0 disables the periodic runs; the timer must not keep the process alive on its own.
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
  timer?.unref();
  return {
    firstRun,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
