import { LIABILITY_COLUMNS } from '@halcyon/api-client/contract';
import { defineRoute, feature } from '../../http/define-route';
import { notFound } from '../../errors';
import { auditLiabilities, inclusionProof, latestLiabilities, publishLiabilities, type SnapshotRow } from '../../ledger/liabilities';
import { iso } from '../../ledger/rows';

const published = (s: SnapshotRow) => ({ ...s, createdAt: iso(s.createdAt), columns: [...LIABILITY_COLUMNS] });

// Proof of liabilities (docs/ledger.md): admins publish, anyone reads the root, investors get their proof.
export default feature(
  defineRoute('publishLiabilities', async ({ db, auth, log }) => {
    const snapshot = await publishLiabilities(db, auth.uid);
    log.info({ snapshot: snapshot.id, leaves: snapshot.leafCount, by: auth.uid }, 'liabilities snapshot published');
    return { data: published(snapshot), message: 'Proof of liabilities published.' };
  }),
  defineRoute('latestLiabilities', async ({ db }) => {
    const snapshot = await latestLiabilities(db);
    return { data: snapshot ? published(snapshot) : null };
  }),
  defineRoute('getLiabilityProof', async ({ db, auth }) => {
    const proof = await inclusionProof(db, auth.uid);
    if (!proof) throw notFound('No published snapshot includes your account yet.', 'NOT_IN_SNAPSHOT');
    return { data: { ...proof, balances: [...proof.balances], siblings: proof.siblings.map((s) => ({ hash: s.hash, sums: [...s.sums] })) } };
  }),
  defineRoute('auditLiabilities', async ({ db }) => {
    const snapshot = await latestLiabilities(db);
    if (!snapshot) return { data: null };
    const audit = await auditLiabilities(db, snapshot.id);
    return { data: { snapshotId: snapshot.id, ok: audit.ok, problem: audit.ok ? null : audit.problem, leafCount: audit.ok ? audit.leafCount : null } };
  }),
);
