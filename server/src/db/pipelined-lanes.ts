import pg from 'pg';

/**
 * Lanes: a few connections on which single statements are pipelined (node-postgres `pipeline`:
 * each statement is written at once with its own Sync, without waiting for the answers before it,
 * so one failing statement fails alone). A busy backend then reads the next statement from its
 * socket instead of sleeping and being woken for each one, and several answers arrive in one read:
 * under load that halves what a short statement costs in wake-ups and system calls
 * (bench/RESULTS.md, docs/server.md "Database connections").
 *
 * A statement waits behind the statements sent before it on its lane, so each goes to the lane
 * with the fewest in flight; when even that one has `depth` in flight, the caller uses the pool.
 * Transactions never run on a lane (their statements must not interleave with others).
 */
export interface Lanes {
  /** The client to send a single statement on, with a release to call when it is answered; undefined: use the pool. */
  acquire(): { client: pg.Client; release: (broken?: boolean) => void } | undefined;
  close(): Promise<void>;
}

export interface LaneOptions {
  count: number;
  depth: number;
  /** Client settings (connection string, types, options) as for the pool. */
  client: pg.ClientConfig;
  /**
   * How long a statement on a lane may wait for a row lock (milliseconds). A transaction on a pool
   * connection that sent a statement through a lane while holding a lock that statement's
   * predecessor waits for would otherwise wait forever; with it, the waiting statement fails and
   * the lane moves on.
   */
  lockTimeoutMs: number;
}

/** pg_stat_activity's application_name of a lane's connection. */
export const LANE_NAME = 'halcyon pipelined lane';

interface Lane {
  client: pg.Client;
  inFlight: number;
  dead: boolean;
}

export function openLanes(o: LaneOptions): Lanes {
  const options = [o.client.options, `-c lock_timeout=${o.lockTimeoutMs}`].filter(Boolean).join(' ');
  const open = (): Lane => {
    const client = new pg.Client({ ...o.client, options, application_name: LANE_NAME, pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client, inFlight: 0, dead: false };
    // A lost connection fails the statements on it (as the pool's would) and is replaced for the next.
    const retire = () => {
      lane.dead = true;
    };
    client.on('error', retire);
    client.on('end', retire);
    client.connect().catch(retire);
    return lane;
  };
  const lanes: Lane[] = [];
  let closed = false;
  const laneAt = (i: number): Lane => {
    let lane = lanes[i];
    if (!lane || lane.dead) {
      if (lane) void lane.client.end().catch(() => undefined);
      lane = open();
      lanes[i] = lane;
    }
    return lane;
  };
  return {
    acquire() {
      if (closed || o.count === 0) return undefined;
      let best = laneAt(0);
      for (let i = 1; i < o.count; i++) {
        const lane = laneAt(i);
        if (lane.inFlight < best.inFlight) best = lane;
      }
      if (best.inFlight >= o.depth) return undefined;
      const lane = best;
      lane.inFlight++;
      return {
        client: lane.client,
        release: (broken = false) => {
          lane.inFlight--;
          if (broken) lane.dead = true;
        },
      };
    },
    async close() {
      closed = true;
      await Promise.all(lanes.map((lane) => lane.client.end().catch(() => undefined)));
    },
  };
}
