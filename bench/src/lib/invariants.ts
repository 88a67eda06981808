// The ledger rules (docs/ledger.md) checked straight on the database, after load or a crash.
import { Client } from 'pg';
import { checkLedger, type LedgerCheck } from '../../../server/src/ledger/invariants';

export type InvariantReport = LedgerCheck;

/** The server's ledger checks in one snapshot, so concurrent writers cannot make a clean ledger look dirty. */
export async function checkInvariants(c: Client): Promise<InvariantReport> {
  await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  try {
    return await checkLedger(c);
  } finally {
    await c.query('COMMIT');
  }
}

/** How many transfers of `kind` reference each of `ids` (ids with none are absent). */
export async function transfersByRef(c: Client, kind: string, ids: string[]): Promise<Map<string, number>> {
  const res = await c.query<{ ref_id: string; n: string }>(
    'SELECT ref_id, COUNT(*)::text AS n FROM transfers WHERE kind = $1 AND ref_id = ANY($2::text[]) GROUP BY ref_id',
    [kind, ids],
  );
  return new Map(res.rows.map((r) => [r.ref_id, Number(r.n)]));
}
