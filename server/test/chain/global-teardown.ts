import { chainGlobalTeardown } from '@halcyon/test-kit';
import serverTeardown from '../global-teardown';

export default async function globalTeardown(): Promise<void> {
  await Promise.all([serverTeardown(), chainGlobalTeardown()]);
}
