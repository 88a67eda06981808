import { chainGlobalSetup } from '@halcyon/test-kit/chain';
import serverSetup from '../global-setup';

/** The server tests' template database, and the chain nodes once for the run (test-kit). */
export default async function globalSetup(): Promise<void> {
  await Promise.all([serverSetup(), chainGlobalSetup()]);
}
