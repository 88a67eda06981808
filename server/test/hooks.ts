import type { Queryable } from '../src/db/types';
import { checkLedger, describeViolations } from '../src/ledger/invariants';

/**
 * The ledger's invariants (docs/ledger.md, server/src/ledger/invariants.ts), checked by every
 * test file in `afterEach`. Throws with the offending rows, so a failing test says what broke.
 */
export async function assertLedgerInvariants(db: Queryable): Promise<void> {
  const problems = describeViolations(await checkLedger(db));
  if (problems.length) throw new Error(`Ledger invariants broken:\n  ${problems.join('\n  ')}`);
}

