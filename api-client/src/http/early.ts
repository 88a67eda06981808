// The investor's reads begun before the query cache exists: api-client/react arrives with a remote,
// after the shell has started. The profile a login returned, or the GET /user/profile the shell
// sends as the dashboard's page starts (issue 32: the welcome waited for the remote, then asked),
// is taken by the cache's first read of it instead of a second request.
import type { EndpointName } from '../contract/endpoints';
import { store, userSessionAtom } from '@halcyon/seam';

interface EarlyRead {
  /** The session it was read for: another session's answer is never shown. */
  token: string | null;
  answer: Promise<unknown>;
  /** Set once the answer has come: the cache can then start with it, with no render in between. */
  arrived?: { value: unknown };
}

const reads = new Map<EndpointName, EarlyRead>();

/** Keeps `answer` (a read of `name` without input, for the current investor) for the cache's first read of it. */
export function beginEarlyRead(name: EndpointName, answer: Promise<unknown>): void {
  const read: EarlyRead = { token: store.get(userSessionAtom).token, answer };
  // Nobody may ever take it: its failure is the cache's to report, not an unhandled rejection.
  answer.then((value) => (read.arrived = { value }), () => undefined);
  reads.set(name, read);
}

/** The read of `name`, once (taken out), if it was begun for the session now signed in. */
function take(name: EndpointName): EarlyRead | undefined {
  const read = reads.get(name);
  reads.delete(name);
  return read?.token === store.get(userSessionAtom).token ? read : undefined;
}

/** The early answer to a read of `name`, once, if it was begun for the session now signed in. */
export function takeEarlyRead(name: EndpointName): Promise<unknown> | undefined {
  return take(name)?.answer;
}

/**
 * The early answer if it has already come (taken, as by takeEarlyRead): the cache's initial data,
 * so the screen's first render shows it (the dashboard's welcome in the remote's first commit).
 */
export function takeArrivedEarlyRead(name: EndpointName): unknown {
  return reads.get(name)?.arrived ? take(name)?.arrived?.value : undefined;
}
