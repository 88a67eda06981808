import { chainGlobalTeardown } from '@halcyon/test-kit/chain';
import serverTeardown from '../global-teardown';

export default async function globalTeardown(): Promise<void> {
  await Promise.all([serverTeardown(), chainGlobalTeardown()]);
}
