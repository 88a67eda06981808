import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/types';
import { every, type Periodic } from './scheduler';

/** A kind of background work: its queue's rules and what one job does (docs/server.md "Jobs"). */
export interface JobKind<T extends object = object> {
  name: string;
  /** Retries after a failure, each after `retryDelaySeconds` (doubled each time with backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run longer than this counts as failed (a process that died mid-job), and is retried. */
  expireInSeconds: number;
  /**
   * 'singleton': one job of the kind active at a time across every process (a chain follower);
   * default 'standard' (docs/server.md "Jobs").
   */
  policy?: 'standard' | 'singleton';
  run(data: T): Promise<void>;
}

/**
 * A periodic kind (maturity, the seal, the sweeps, the chains' jobs): one job per period; a failure is retried at
 * the next period. Each is safe to run in two processes at once (row locks with SKIP LOCKED,
 * compare-and-set, the seal's advisory lock).
 */
export const periodicKind = (name: string, expireInSeconds: number, run: () => Promise<void>): JobKind => ({
  name,
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds,
  run,
});

/** A job that used up its retries: what an admin sees and may send again. */
export interface FailedJob {
  id: string;
  queue: string;
  error: string;
  retryCount: number;
  createdAt: Date;
  failedAt: Date | null;
}

/** Jobs per queue and state, for the admin view. */
export interface QueueCounts {
  queue: string;
  waiting: number;
  active: number;
  failed: number;
  completed: number;
}

export interface JobQueueOptions {
  /** PostgreSQL schema of pg-boss's tables (created on first start). */
  schema: string;
  pollIntervalMs: number;
  /** How often pg-boss's maintenance runs: it fails jobs past their expiry (a killed process's) and archives done ones. */
  maintenanceIntervalSeconds?: number;
  log: FastifyBaseLogger;
  /**
   * false: this queue only stores jobs (and `settle` runs them on demand); it works no queue, runs
   * no maintenance and asks for no periodic job. Tests that do not exercise the queue use it, so
   * nothing polls behind their backs. Default true.
   */
  work?: boolean;
}

/** pg-boss speaks through our driver (PGlite or the pool), so a job can be sent inside our transaction. */
function bossDb(q: Queryable & { exec?: Db['exec'] }): PgBoss.Db {
  return {
    // Parameterless calls may be several statements (pg-boss's locked maintenance scripts).
    executeSql: async (text: string, values?: unknown[]) => (values?.length || !q.exec ? q.query(text, values) : q.exec(text)),
  };
}

/**
 * The background work of every process, on one PostgreSQL job queue (pg-boss): a job runs once
 * in one process, a failed job is retried with backoff, a job cut off by a crash expires and runs
 * again, and work missed while every process was down runs at the next start (catch-up).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly kinds = new Map<string, JobKind>();
  private tickers: Periodic[] = [];
  private readonly table: string;
  /** Whether this process works the queues (JobQueueOptions.work). */
  private readonly works: boolean;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.table = `${options.schema}.job`;
    this.works = options.work ?? true;
    this.boss = new PgBoss({
      db: bossDb(db),
      schema: options.schema,
      supervise: this.works,
      ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
      schedule: false,
      migrate: true,
      // Bounded tables whatever the uptime (a seal job every 5 s): done jobs leave the job table after
      // an hour, failed ones after a week (admins see and retry them meanwhile); the archive keeps
      // both 2 more days.
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 2,
    });
    // Without a listener an 'error' event would end the process.
    this.boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  }

  define<T extends object>(kind: JobKind<T>): void {
    this.kinds.set(kind.name, kind as unknown as JobKind);
  }

  /**
   * Creates pg-boss's schema (first start) and the queues, then works every queue of this process
   * (unless it only stores jobs: `work: false`).
   */
  async start(): Promise<void> {
    await this.boss.start();
    for (const kind of this.kinds.values()) {
      const rules = {
        name: kind.name,
        // Not 'stately' (one running job per kind): a job left active by a killed process would hold
        // up every later run until it expires. Periodic runs are one per period instead (repeat).
        policy: kind.policy ?? 'standard',
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: kind.retryBackoff,
        expireInSeconds: kind.expireInSeconds,
      };
      await this.boss.createQueue(kind.name, rules);
      // An existing queue keeps its old rules otherwise (createQueue does nothing when it exists).
      await this.boss.updateQueue(kind.name, rules);
      if (!this.works) continue;
      await this.boss.work<object>(kind.name, { pollingIntervalSeconds: this.options.pollIntervalMs / 1000, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await kind.run(job.data);
      });
    }
  }

  /**
   * Asks for a run of `name` now and every `intervalMs` (0: now only); resolves once the first ask
   * is stored. Every process asks, but a period (whole seconds, counted from the epoch) holds one
   * job at most (pg-boss `singletonSeconds`), so one process runs it per period. A run cut off by
   * a crash stays active until it expires, and the next period's job runs regardless; the kinds
   * are safe to run side by side (docs/server.md "Jobs").
   */
  async repeat(name: string, intervalMs: number): Promise<void> {
    if (!this.works) return;
    const perPeriod = intervalMs > 0 ? { singletonSeconds: Math.ceil(intervalMs / 1000) } : {};
    const ticker = every(
      intervalMs,
      async () => {
        await this.boss.send(name, {}, perPeriod);
      },
      (error) => this.options.log.error({ job: name, err: error }, 'could not queue a periodic job'),
    );
    this.tickers.push(ticker);
    await ticker.firstRun;
  }

  /** Queues one job; inside `q`'s transaction when given (it exists only if that commits). */
  async send(name: string, data: object, q?: Queryable): Promise<string | null> {
    return this.boss.send(name, data, q ? { db: bossDb(q) } : {});
  }

  /**
   * Runs here every job of `name` that is due, and waits for those another worker is running
   * (tests: a mail a request queued has been delivered when this resolves). Returns how many ran
   * here; 0 for a kind this process does not define (no mail transport: no mail jobs).
   */
  async settle(name: string): Promise<number> {
    const kind = this.kinds.get(name);
    if (!kind) return 0;
    let ran = 0;
    for (;;) {
      // Counted first: most calls find nothing due, and then this is their only query.
      const { rows } = await this.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${this.table} WHERE name = $1 AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
        [name],
      );
      if (rows[0]?.n === '0') return ran;
      const [job] = await this.boss.fetch<object>(name);
      if (job) {
        ran++;
        try {
          await kind.run(job.data);
          await this.boss.complete(name, job.id);
        } catch (error) {
          await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
        continue;
      }
      // Due but taken by another worker: wait for it.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The newest failed jobs (retries used up), newest first. */
  async failed(limit: number): Promise<FailedJob[]> {
    const { rows } = await this.db.query<{ id: string; queue: string; output: unknown; retry_count: number; created_on: Date; completed_on: Date | null }>(
      `SELECT id::text AS id, name AS queue, output, retry_count, created_on, completed_on FROM ${this.table}
        WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST, created_on DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ id: r.id, queue: r.queue, error: errorText(r.output), retryCount: r.retry_count, createdAt: r.created_on, failedAt: r.completed_on }));
  }

  /** Jobs per queue and state (only this platform's queues). */
  async counts(): Promise<QueueCounts[]> {
    const { rows } = await this.db.query<{ name: string; state: string; n: string }>(
      `SELECT name, state::text AS state, count(*)::text AS n FROM ${this.table} GROUP BY name, state`,
    );
    return [...this.kinds.keys()].sort().map((queue) => {
      const n = (...states: string[]) => rows.filter((r) => r.name === queue && states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
      return { queue, waiting: n('created', 'retry'), active: n('active'), failed: n('failed'), completed: n('completed') };
    });
  }

  /** Sends a failed job again; false when `id` is no failed job of `queue`. */
  async retry(queue: string, id: string): Promise<boolean> {
    if (!this.kinds.has(queue)) return false;
    const { rows } = await this.db.query(`SELECT 1 FROM ${this.table} WHERE name = $1 AND id::text = $2 AND state = 'failed'`, [queue, id]);
    if (!rows.length) return false;
    await this.boss.retry(queue, id);
    return true;
  }

  /** Stops asking and fetching; a job in progress finishes (up to 10 s) before the database closes. */
  async stop(): Promise<void> {
    await Promise.all(this.tickers.map((t) => t.stop()));
    this.tickers = [];
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }
}

/** pg-boss keeps a thrown error serialized in `output`; admins see its message only (no stack). */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  return output === null || output === undefined ? '' : JSON.stringify(output).slice(0, 500);
}
