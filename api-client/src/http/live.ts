import { liveEventReader } from '../contract/live';
import { ApiError, apiUrl, tokenOf } from './http';

/**
 * Follows the investor's live changes (GET /api/user/live, server-sent events; issue 29 item 2)
 * until the stream ends or `signal` aborts: `onEvent` gets each event's name ('ready' when it is
 * on, 'change' when something of the investor's changed). fetch rather than EventSource: the
 * stream needs the Authorization header. Throws an ApiError for an answer that is not a stream
 * (401 when the session ended, 429 with too many tabs open).
 */
export async function followLiveChanges(signal: AbortSignal, onEvent: (name: string) => void): Promise<void> {
  const token = tokenOf('user');
  if (!token) throw new ApiError('Not signed in', 401, 'UNAUTHENTICATED');
  const response = await fetch(apiUrl('/user/live'), { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, cache: 'no-store', signal });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(body.message ?? `Live changes unavailable (${response.status})`, response.status, body.code ?? 'LIVE');
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const read = liveEventReader(onEvent);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    read(value);
  }
}
