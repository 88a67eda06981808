import type { Product } from './product';

export default async function globalTeardown(): Promise<void> {
  const product = (globalThis as Record<string, unknown>).__halcyonProduct as Product | undefined;
  await product?.stop();
}
