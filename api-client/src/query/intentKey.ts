import { useState } from 'react';
import { newKey } from '../http';

/** One Idempotency-Key per user intent (see createIntentKey). */
export interface IntentKey {
  /** The key for sending `body`: the same while the body is unchanged, a new one when it changes. */
  for(body: unknown): string;
  /** The intent succeeded: the next request is a new intent with a new key. */
  done(): void;
}

/**
 * Keys for one form's money request: sending the same body again after a failure or a lost
 * answer reuses the key (the server answers the first result instead of acting twice); a changed
 * body or a success starts a new intent.
 */
export function createIntentKey(): IntentKey {
  let current: { body: string; key: string } | null = null;
  return {
    for(body) {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { body: text, key: newKey() };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}

/** A form's IntentKey, kept for as long as the form is on screen. */
export function useIntentKey(): IntentKey {
  return useState(createIntentKey)[0];
}
