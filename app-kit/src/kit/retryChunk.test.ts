import { RETRY_DELAYS_MS, retryChunk } from './retryChunk';

const chunkError = () => Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError', request: 'https://cdn.test/42.js' });

test('a chunk that fails to load is asked for again after each wait, and its module comes once it loads', async () => {
  const waits: number[] = [];
  let calls = 0;
  const load = () => (++calls < 3 ? Promise.reject(chunkError()) : Promise.resolve({ default: 'screen' }));
  await expect(retryChunk(load, async (ms) => void waits.push(ms))).resolves.toEqual({ default: 'screen' });
  expect(calls).toBe(3);
  expect(waits).toHaveLength(2);
  waits.forEach((ms, i) => {
    expect(ms).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i]! * 0.8);
    expect(ms).toBeLessThanOrEqual(RETRY_DELAYS_MS[i]! * 1.2);
  });
});

test('after the last wait the chunk error goes out as it is', async () => {
  let calls = 0;
  const error = chunkError();
  await expect(retryChunk(() => (calls++, Promise.reject(error)), async () => undefined)).rejects.toBe(error);
  expect(calls).toBe(RETRY_DELAYS_MS.length + 1);
});

test('an error that is not a failed chunk is not retried', async () => {
  let calls = 0;
  await expect(retryChunk(() => (calls++, Promise.reject(new TypeError('x is not a function'))), async () => undefined)).rejects.toThrow('x is not a function');
  expect(calls).toBe(1);
});
