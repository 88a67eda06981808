import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for, so its answer and timing do not depend on it
 * (forgot_password: known and unknown emails answer alike). Failures are logged; closing the app
 * waits for what is still running. A crash in between loses the task, which the caller may repeat.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `work` after the current request's answer is written. */
  start(what: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ task: what, err: error }, 'background task failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when every started task has finished (app close; tests before reading mails). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
