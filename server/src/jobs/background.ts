import type { FastifyBaseLogger } from 'fastify';

/** The answer a task waits for (Node's ServerResponse: `reply.raw`). */
interface Answer {
  readonly writableFinished: boolean;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

/**
 * Work a request starts but does not wait for, so its answer and timing do not depend on it
 * (forgot_password: known and unknown emails answer alike). Failures are logged; closing the app
 * waits for what is still running. A crash in between loses the task, which the caller may repeat.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Starts `work` after the current request's answer is written; with `after` (the route's
   * `reply.raw`), only once that answer has been handed to the network ('finish'), or its
   * connection closed: on the embedded database the work runs on the server's own event loop, and
   * must not hold up the answer's last bytes (forgot_password, issue 30 item 4).
   */
  start(what: string, work: () => Promise<void>, after?: Answer): void {
    const sent = new Promise<void>((resolve) => {
      if (!after || after.writableFinished) return resolve();
      after.once('finish', resolve);
      after.once('close', resolve);
    });
    const task = sent
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
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
