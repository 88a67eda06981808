import { ApiError } from '@halcyon/api-client/http';
import { createIntentKey, endsIntent } from './intentKey';

/** A sessionStorage double: what survives a reload of the page. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('one Idempotency-Key per intent', () => {
  it('reuses the key while the same request is sent again (a retry after a failure or a lost answer)', () => {
    const intent = createIntentKey('createWithdrawal', memoryStorage());
    const first = intent.for({ method: 'usdt', amount: 50 });
    expect(first).toMatch(/\S{8,}/);
    expect(intent.for({ method: 'usdt', amount: 50 })).toBe(first);
  });

  it('starts a new key when the request changes or the intent is over', () => {
    const intent = createIntentKey('createWithdrawal', memoryStorage());
    const first = intent.for({ amount: 50 });
    const changed = intent.for({ amount: 60 });
    expect(changed).not.toBe(first);
    intent.done();
    expect(intent.for({ amount: 60 })).not.toBe(changed);
  });

  it('survives a reload: a new page over the same session storage sends the same key for the same request', () => {
    const storage = memoryStorage();
    const key = createIntentKey('createWithdrawal', storage).for({ amount: 50 });
    const afterReload = createIntentKey('createWithdrawal', storage);
    expect(afterReload.for({ amount: 50 })).toBe(key);
    afterReload.done();
    expect(createIntentKey('createWithdrawal', storage).for({ amount: 50 })).not.toBe(key);
  });

  it('keeps intents apart by name (two investments’ earnings adjustments)', () => {
    const storage = memoryStorage();
    const a = createIntentKey('creditEarnings:inv-a', storage).for({ amount: 5 });
    expect(createIntentKey('creditEarnings:inv-b', storage).for({ amount: 5 })).not.toBe(a);
  });

  it('works without storage (disabled by the browser): keys then live as long as the page', () => {
    const intent = createIntentKey('createDeposit', null);
    expect(intent.for({ amount: 1 })).toBe(intent.for({ amount: 1 }));
  });
});

describe('which failures end an intent', () => {
  it.each([
    [new ApiError('Insufficient balance', 422, 'INSUFFICIENT_BALANCE'), true],
    [new ApiError('amount: must be greater than 0', 400, 'VALIDATION'), true],
    [new ApiError('still in progress', 409, 'IDEMPOTENCY_IN_FLIGHT'), false],
    [new ApiError('Too many attempts', 429, 'RATE_LIMITED'), false],
    [new ApiError('Authentication required', 401, 'UNAUTHENTICATED'), false],
    [new ApiError('Service is starting', 503, 'BUSY'), false],
    [new ApiError('Request failed due to a network error', 0, 'NETWORK'), false],
    [new Error('anything else'), false],
  ])('%s → %s', (error, ends) => {
    expect(endsIntent(error)).toBe(ends);
  });
});
