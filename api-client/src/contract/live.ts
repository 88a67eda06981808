// GET /api/user/live's wire format (server-sent events; docs/api.md "Live changes"): what the
// server writes and what every reader of the stream parses, in one place.

/** One event as written: its name, no data. */
export const liveEvent = (name: string): string => `event: ${name}\ndata:\n\n`;

/**
 * Reads the stream's text as it comes, in chunks of any size: `onEvent` gets each complete
 * event's name; comments (the heartbeat) and the `retry` line carry none and are skipped.
 */
export function liveEventReader(onEvent: (name: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const name = /^event: ?(.+)$/m.exec(buffer.slice(0, end))?.[1]?.trim();
      buffer = buffer.slice(end + 2);
      if (name) onEvent(name);
    }
  };
}
