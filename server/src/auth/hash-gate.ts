import { busy } from '../errors';

/**
 * Bounds password hashing in this process: at most `concurrency` scrypt runs at once and at most
 * `queue` waiting; beyond that the request is refused at once with 503 + Retry-After instead of
 * queueing without end. scrypt runs on libuv's thread pool (4 threads by default), which file and
 * DNS work share: a flood of logins for random emails would otherwise stall every other request.
 * Per process on purpose: it guards this process's CPU and threads, not an account.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
