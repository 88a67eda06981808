import { msUntilRoom, slidingCount } from '../../src/limits/store';

const W = 60_000;

test('the estimate weighs the previous bucket by how much of it is still inside the window', () => {
  expect(slidingCount({ current: 3, previous: 10 }, 0, W)).toBe(13);
  expect(slidingCount({ current: 3, previous: 10 }, W / 2, W)).toBe(8);
  expect(slidingCount({ current: 3, previous: 10 }, W - 1, W)).toBeCloseTo(3, 3);
});

test('a burst at the end of one bucket is still counted at the start of the next (no 2x edge burst)', () => {
  // 10 hits just before the boundary, then one just after: the estimate is still over 10.
  expect(slidingCount({ current: 1, previous: 10 }, 10 * W + 1, W)).toBeGreaterThan(10);
});

test('Retry-After: when one more hit fits again', () => {
  // Previous bucket fading: 10 previous, 5 current, limit 10 → room for 1 more at 60 % of the bucket.
  expect(msUntilRoom({ current: 5, previous: 10 }, 0, W, 10)).toBeCloseTo(0.6 * W, 0);
  expect(msUntilRoom({ current: 5, previous: 10 }, 0.5 * W, W, 10)).toBeCloseTo(0.1 * W, 0);
  // Current bucket itself over: wait for the next bucket, and then for its share to fade.
  expect(msUntilRoom({ current: 20, previous: 0 }, 0.25 * W, W, 10)).toBeCloseTo(0.75 * W + 0.55 * W, 0);
  // Nothing to wait for.
  expect(msUntilRoom({ current: 1, previous: 0 }, 0, W, 10)).toBe(0);
});
