/** A stream a browser holds open: events sent to it, comments that keep proxies from closing it. */
export interface LiveStream {
  event(name: string): void;
  comment(): void;
  close(): void;
}

/**
 * The open live streams of one server process, by investor (issue 29 item 2). A change notified
 * for an investor reaches only their streams: the work per change is their few tabs, whatever the
 * number of open dashboards.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveStream>>();
  private open = 0;

  get size(): number {
    return this.open;
  }

  count(uid: string): number {
    return this.streams.get(uid)?.size ?? 0;
  }

  /** Adds a stream; the function returned removes it (once). */
  add(uid: string, stream: LiveStream): () => void {
    let mine = this.streams.get(uid);
    if (!mine) this.streams.set(uid, (mine = new Set()));
    mine.add(stream);
    this.open++;
    return () => {
      if (!mine.delete(stream)) return;
      this.open--;
      if (!mine.size) this.streams.delete(uid);
    };
  }

  /** Something of `uid`'s changed: their streams are told to read again. */
  changed(uid: string): void {
    for (const stream of this.streams.get(uid) ?? []) stream.event('change');
  }

  /** Changes may have been missed (the database connection was lost): everyone reads again. */
  everyone(): void {
    for (const mine of this.streams.values()) for (const stream of mine) stream.event('change');
  }

  heartbeat(): void {
    for (const mine of this.streams.values()) for (const stream of mine) stream.comment();
  }

  closeAll(): void {
    for (const mine of [...this.streams.values()]) for (const stream of [...mine]) stream.close();
  }
}
