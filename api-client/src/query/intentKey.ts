import { ApiError, newKey } from '@halcyon/api-client/http';

/** One Idempotency-Key per user intent (see createIntentKey). */
export interface IntentKey {
  /** The key for sending `request`: the same while the request is unchanged, a new one when it changes. */
  for(request: unknown): string;
  /** The intent is over (it succeeded, or the server refused it for good): the next send is a new intent. */
  done(): void;
}

const PREFIX = 'halcyon:intent:';

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled: keys live as long as the page
  }
}

/**
 * Keys for one kind of money request (`name`, e.g. `createWithdrawal` or `creditEarnings:<investment>`):
 * sending the same request again after a failure, a lost answer or a reload of the page (the key is
 * kept in sessionStorage) reuses the key, so the server answers the first result instead of acting
 * twice; a changed request or the end of the intent starts a new key.
 */
export function createIntentKey(name: string, storage: Storage | null = sessionStore()): IntentKey {
  const slot = PREFIX + name;
  let current: { request: string; key: string } | null = null;
  try {
    const saved = storage?.getItem(slot);
    if (saved) current = JSON.parse(saved) as { request: string; key: string };
  } catch {
    current = null;
  }
  return {
    for(request) {
      const text = JSON.stringify(request);
      if (current?.request !== text) {
        current = { request: text, key: newKey() };
        storage?.setItem(slot, JSON.stringify(current));
      }
      return current.key;
    },
    done() {
      current = null;
      storage?.removeItem(slot);
    },
  };
}

/**
 * Whether a failure ends the intent: the server decided (a 4xx it stores under the key, such as
 * 422 insufficient balance), so sending again is a new attempt that must be judged afresh. Not
 * over: no answer (network), 5xx, 401 (sign in again, then retry), 408, 409 (the first request is
 * still in flight), 429 (retry later).
 */
export function endsIntent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 409, 429].includes(error.status);
}
