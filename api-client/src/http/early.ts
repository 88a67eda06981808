// The investor's reads begun before the query cache exists: api-client/react arrives with a remote,
// after the shell has started. The profile a login returned, or the GET /user/profile the shell
// sends as the dashboard's page starts (issue 32: the welcome waited for the remote, then asked),
// is taken by the cache's first read of it instead of a second request.
import type { EndpointName } from '../contract/endpoints';
import { store, userSessionAtom } from './session';

interface EarlyRead {
  /** The session it was read for: another session's answer is never shown. */
  token: string | null;
  answer: Promise<unknown>;
}

const reads = new Map<EndpointName, EarlyRead>();

/** Keeps `answer` (a read of `name` without input, for the current investor) for the cache's first read of it. */
export function beginEarlyRead(name: EndpointName, answer: Promise<unknown>): void {
  // Nobody may ever take it: its failure is the cache's to report, not an unhandled rejection.
  answer.catch(() => undefined);
  reads.set(name, { token: store.get(userSessionAtom).token, answer });
}

/** The early answer to a read of `name`, once, if it was begun for the session now signed in. */
export function takeEarlyRead(name: EndpointName): Promise<unknown> | undefined {
  const read = reads.get(name);
  if (!read) return undefined;
  reads.delete(name);
  return read.token === store.get(userSessionAtom).token ? read.answer : undefined;
}
