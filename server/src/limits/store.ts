/** One counter to bump: `key` (already hashed) within fixed buckets of `windowMs`. */
export interface Hit {
  key: string;
  windowMs: number;
}

/** Hits in the key's current bucket (this one included) and in the bucket before it. */
export interface Counts {
  current: number;
  previous: number;
}

/**
 * Where budgets count. Every implementation is shared by all server processes (the database or
 * Redis), never one process's memory, and never drops a live counter to make room.
 */
export interface LimitStore {
  /** Adds one hit to each key atomically per key and returns its counts; one round trip for all. */
  hit(hits: Hit[], now: number): Promise<Counts[]>;
  close(): Promise<void>;
}

export const bucketOf = (now: number, windowMs: number) => Math.floor(now / windowMs);

/**
 * Sliding-window estimate: the current bucket plus the share of the previous bucket still inside
 * a window ending now. Smooths the burst a fixed window allows at its edge (2x the limit).
 */
export function slidingCount(counts: Counts, now: number, windowMs: number): number {
  const elapsed = (now % windowMs) / windowMs;
  return counts.current + counts.previous * (1 - elapsed);
}

/**
 * How long until one more hit would fit under `limit`, if no other hits arrive: the previous
 * bucket's share fades through the current bucket, then the current bucket's through the next.
 */
export function msUntilRoom(counts: Counts, now: number, windowMs: number, limit: number): number {
  const elapsed = (now % windowMs) / windowMs;
  const room = limit - 1;
  if (counts.current <= room) {
    if (counts.previous <= 0) return 0;
    const until = 1 - (room - counts.current) / counts.previous;
    return Math.max(0, (until - elapsed) * windowMs);
  }
  return (1 - elapsed) * windowMs + (1 - room / counts.current) * windowMs;
}
