import { createIntentKey } from './intentKey';

describe('one Idempotency-Key per intent', () => {
  it('reuses the key while the same body is sent again (a retry after a failure or a lost answer)', () => {
    const intent = createIntentKey();
    const first = intent.for({ method: 'usdt', amount: 50 });
    expect(first).toMatch(/\S{8,}/);
    expect(intent.for({ method: 'usdt', amount: 50 })).toBe(first);
  });

  it('starts a new key when the body changes or after a success', () => {
    const intent = createIntentKey();
    const first = intent.for({ amount: 50 });
    const changed = intent.for({ amount: 60 });
    expect(changed).not.toBe(first);
    intent.done();
    expect(intent.for({ amount: 60 })).not.toBe(changed);
  });
});
