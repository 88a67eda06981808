import type { ChainNodes } from '@halcyon/test-kit/chain';
import type { Product } from './product';

export default async function globalTeardown(): Promise<void> {
  const run = globalThis as Record<string, unknown>;
  await (run.__halcyonProduct as Product | undefined)?.stop();
  await (run.__halcyonChainNodes as ChainNodes | null | undefined)?.stop();
}
