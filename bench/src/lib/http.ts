// Helpers of the bench's setup steps (its JSON client is @halcyon/test-kit's callApi/expectApi).
import { randomUUID } from 'node:crypto';

export const newKey = (): string => randomUUID();

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool<I, O>(items: readonly I[], limit: number, fn: (item: I, index: number) => Promise<O>): Promise<O[]> {
  const out: O[] = new Array<O>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as I, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
