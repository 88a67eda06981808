import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  LIABILITY_COLUMNS, addSums, leafMessage, nodeMessage, padMessage,
  type InclusionProof, type Sums,
} from '@halcyon/api-client/contract';
import type { Db, Queryable } from '../db/types';

// Proof of liabilities (docs/ledger.md "Proof of liabilities"): a Merkle sum tree over every
// user's balances, in the canonical encoding of api-client's contract/liabilities.ts.

const sha256Hex = (message: string): string => createHash('sha256').update(message, 'utf8').digest('hex');
const ZERO: Sums = LIABILITY_COLUMNS.map(() => '0');
/** Rows per INSERT while storing a tree. */
const BATCH = 5000;

export interface LeafInput {
  uid: string;
  nonce: string;
  balances: Sums;
}

interface TreeNode {
  hash: string;
  sums: Sums;
}

export interface SumTree {
  /** levels[0] = leaves (padded), levels[depth] = [root] */
  levels: TreeNode[][];
  /** uid → leaf index */
  positions: Map<string, number>;
}

/**
 * Builds the tree: leaves ordered by their hash (no signup order leaks), a zero-sum padding node
 * where a level has an odd count, each parent committing to both children's sums.
 */
export function buildSumTree(snapshotId: string, leaves: readonly LeafInput[]): SumTree {
  const hashed = leaves.map((l) => ({ uid: l.uid, hash: sha256Hex(leafMessage(snapshotId, l.uid, l.nonce, l.balances)), sums: l.balances }));
  hashed.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const positions = new Map(hashed.map((l, i) => [l.uid, i]));
  let level: TreeNode[] = hashed.map(({ hash, sums }) => ({ hash, sums }));
  if (!level.length) level = [{ hash: sha256Hex(padMessage(snapshotId, 0, 0)), sums: ZERO }];
  const levels: TreeNode[][] = [];
  for (let depth = 0; ; depth++) {
    if (level.length > 1 && level.length % 2 === 1) level.push({ hash: sha256Hex(padMessage(snapshotId, depth, level.length)), sums: ZERO });
    levels.push(level);
    if (level.length === 1) break;
    const parents: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as TreeNode;
      const right = level[i + 1] as TreeNode;
      parents.push({ hash: sha256Hex(nodeMessage(left, right)), sums: addSums(left.sums, right.sums) });
    }
    level = parents;
  }
  return { levels, positions };
}

export interface SnapshotRow {
  id: string;
  createdAt: Date;
  rootHash: string;
  totals: string[];
  depth: number;
  leafCount: number;
  ledgerHead: { seal: number; hash: string } | null;
}

const SNAPSHOT_COLUMNS = 'id, created_at, root_hash, totals, depth, leaf_count, seal_id, seal_hash';
interface SnapshotDbRow {
  id: string;
  created_at: Date;
  root_hash: string;
  totals: string;
  depth: number;
  leaf_count: number;
  seal_id: string | null;
  seal_hash: string | null;
}
const toSnapshot = (r: SnapshotDbRow): SnapshotRow => ({
  id: r.id, createdAt: r.created_at, rootHash: r.root_hash, totals: r.totals.split(','), depth: r.depth, leafCount: r.leaf_count,
  ledgerHead: r.seal_id !== null && r.seal_hash !== null ? { seal: Number(r.seal_id), hash: r.seal_hash } : null,
});

/**
 * Every user's liabilities in one statement (one consistent view of the ledger): per asset what
 * the user holds available, held for a withdrawal or invested, then USD earnings. Every investor
 * account, open or closed, is a leaf, also at zero, so every investor can check theirs.
 */
async function currentLiabilities(q: Queryable): Promise<LeafInput[]> {
  const perAsset = LIABILITY_COLUMNS.map((column) =>
    column === 'earnings'
      ? `COALESCE(SUM(a.balance) FILTER (WHERE a.kind = 'earnings'), 0)::text`
      : `COALESCE(SUM(a.balance) FILTER (WHERE a.asset = '${column}' AND a.kind IN ('available', 'held', 'invested')), 0)::text`,
  );
  const { rows } = await q.query<{ uid: string; balances: string }>(
    `SELECT u.id AS uid, concat_ws(',', ${perAsset.join(', ')}) AS balances
       FROM users u LEFT JOIN accounts a ON a.owner = u.id
      WHERE u.role = 'user' OR a.owner IS NOT NULL
      GROUP BY u.id`,
  );
  return rows.map((r) => ({ uid: r.uid, nonce: randomBytes(16).toString('hex'), balances: r.balances.split(',') }));
}

/** Takes and stores a snapshot of every user's liabilities; its root and totals are what gets published. */
export async function publishLiabilities(db: Db, adminUid: string): Promise<SnapshotRow> {
  return db.tx(async (q) => {
    const id = randomUUID();
    const leaves = await currentLiabilities(q);
    const tree = buildSumTree(id, leaves);
    const depth = tree.levels.length - 1;
    const root = tree.levels[depth]?.[0] as TreeNode;
    const head = (await q.query<{ id: string; hash: string }>('SELECT s.id::text AS id, s.hash FROM ledger_seals s ORDER BY s.id DESC LIMIT 1')).rows[0];
    const { rows } = await q.query<SnapshotDbRow>(
      `INSERT INTO liability_snapshots (id, created_by, root_hash, totals, depth, leaf_count, seal_id, seal_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${SNAPSHOT_COLUMNS}`,
      [id, adminUid, root.hash, root.sums.join(','), depth, leaves.length, head?.id ?? null, head?.hash ?? null],
    );
    for (const [level, nodes] of tree.levels.entries()) {
      for (let start = 0; start < nodes.length; start += BATCH) {
        const part = nodes.slice(start, start + BATCH);
        await q.query(
          `INSERT INTO liability_nodes (snapshot_id, level, idx, hash, sums)
           SELECT $1, $2, n.idx, n.hash, n.sums FROM unnest($3::int[], $4::text[], $5::text[]) AS n(idx, hash, sums)`,
          [id, level, part.map((_n, i) => start + i), part.map((n) => n.hash), part.map((n) => n.sums.join(','))],
        );
      }
    }
    for (let start = 0; start < leaves.length; start += BATCH) {
      const part = leaves.slice(start, start + BATCH);
      await q.query(
        `INSERT INTO liability_leaves (snapshot_id, uid, idx, nonce) SELECT $1, l.uid, l.idx, l.nonce FROM unnest($2::text[], $3::int[], $4::text[]) AS l(uid, idx, nonce)`,
        [id, part.map((l) => l.uid), part.map((l) => tree.positions.get(l.uid) ?? -1), part.map((l) => l.nonce)],
      );
    }
    return toSnapshot(rows[0] as SnapshotDbRow);
  });
}

export async function latestLiabilities(q: Queryable): Promise<SnapshotRow | null> {
  const { rows } = await q.query<SnapshotDbRow>(`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots ORDER BY created_at DESC, id DESC LIMIT 1`);
  return rows[0] ? toSnapshot(rows[0]) : null;
}

/** `uid`'s inclusion proof in the latest snapshot: log2(users) rows; null when no snapshot holds them. */
export async function inclusionProof(q: Queryable, uid: string): Promise<InclusionProof | null> {
  const snapshot = await latestLiabilities(q);
  if (!snapshot) return null;
  const leaf = (await q.query<{ idx: number; nonce: string }>('SELECT idx, nonce FROM liability_leaves WHERE snapshot_id = $1 AND uid = $2', [snapshot.id, uid])).rows[0];
  if (!leaf) return null;
  const levels = Array.from({ length: snapshot.depth + 1 }, (_v, level) => level);
  // The own leaf (level 0) and, below the root, each level's sibling of the path.
  const wanted = [{ level: 0, idx: leaf.idx }, ...levels.slice(0, snapshot.depth).map((level) => ({ level, idx: (leaf.idx >> level) ^ 1 }))];
  const { rows } = await q.query<{ level: number; idx: number; hash: string; sums: string }>(
    `SELECT n.level, n.idx, n.hash, n.sums FROM liability_nodes n
       JOIN unnest($2::int[], $3::int[]) AS w(level, idx) ON w.level = n.level AND w.idx = n.idx
      WHERE n.snapshot_id = $1`,
    [snapshot.id, wanted.map((w) => w.level), wanted.map((w) => w.idx)],
  );
  const node = (level: number, idx: number) => rows.find((r) => r.level === level && r.idx === idx);
  const own = node(0, leaf.idx);
  if (!own) return null;
  return {
    snapshotId: snapshot.id,
    uid,
    index: leaf.idx,
    nonce: leaf.nonce,
    balances: own.sums.split(','),
    siblings: wanted.slice(1).map((w) => {
      const sibling = node(w.level, w.idx);
      return { hash: sibling?.hash ?? '', sums: sibling?.sums.split(',') ?? [] };
    }),
  };
}

export type AuditResult = { ok: true; leafCount: number } | { ok: false; problem: string };

/**
 * The auditor's check of a whole stored snapshot: every leaf hash from its uid, nonce and
 * balances; no negative amount anywhere; every parent from its two children (hash and sums); the
 * root and totals as published; and every investor account that existed when it was taken has a leaf.
 */
export async function auditLiabilities(q: Queryable, snapshotId: string): Promise<AuditResult> {
  const snap = (await q.query<SnapshotDbRow>(`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE id = $1`, [snapshotId])).rows[0];
  if (!snap) return { ok: false, problem: 'No such snapshot' };
  const { rows: nodes } = await q.query<{ level: number; idx: number; hash: string; sums: string }>(
    'SELECT level, idx, hash, sums FROM liability_nodes WHERE snapshot_id = $1 ORDER BY level, idx',
    [snapshotId],
  );
  const { rows: leaves } = await q.query<{ uid: string; idx: number; nonce: string }>('SELECT uid, idx, nonce FROM liability_leaves WHERE snapshot_id = $1', [snapshotId]);
  const levels: TreeNode[][] = [];
  for (const n of nodes) {
    if (n.idx !== (levels[n.level]?.length ?? 0)) return { ok: false, problem: `Node ${n.level}/${n.idx} is out of place` };
    const sums = n.sums.split(',');
    if (sums.length !== LIABILITY_COLUMNS.length || sums.some((v) => !/^\d+$/.test(v))) return { ok: false, problem: `Node ${n.level}/${n.idx} has a negative or malformed sum` };
    (levels[n.level] ??= []).push({ hash: n.hash, sums });
  }
  if (levels.length !== snap.depth + 1) return { ok: false, problem: 'The tree has another depth than published' };
  const bottom = levels[0] ?? [];
  const leafAt = new Set<number>();
  for (const leaf of leaves) {
    const node = bottom[leaf.idx];
    if (!node || node.hash !== sha256Hex(leafMessage(snapshotId, leaf.uid, leaf.nonce, node.sums))) return { ok: false, problem: `The leaf of ${leaf.uid} does not match its balances` };
    leafAt.add(leaf.idx);
  }
  // Anything else is padding: the pad hash of its place, all sums zero.
  const isPad = (node: TreeNode, level: number, i: number) => node.hash === sha256Hex(padMessage(snapshotId, level, i)) && node.sums.every((v) => v === '0');
  for (const [i, node] of bottom.entries()) {
    if (!leafAt.has(i) && !isPad(node, 0, i)) return { ok: false, problem: `Node 0/${i} is neither an account's leaf nor padding` };
  }
  for (let level = 1; level < levels.length; level++) {
    const below = levels[level - 1] ?? [];
    for (const [i, parent] of (levels[level] ?? []).entries()) {
      const left = below[2 * i];
      const right = below[2 * i + 1];
      if (!left && !right && isPad(parent, level, i)) continue;
      if (!left || !right || parent.hash !== sha256Hex(nodeMessage(left, right)) || parent.sums.join(',') !== addSums(left.sums, right.sums).join(',')) {
        return { ok: false, problem: `Node ${level}/${i} is not made of its children (hash or sums)` };
      }
    }
    if (Math.ceil(below.length / 2) > (levels[level]?.length ?? 0)) return { ok: false, problem: `Level ${level - 1} has nodes no parent covers` };
  }
  const root = levels[snap.depth]?.[0];
  if (levels[snap.depth]?.length !== 1 || root?.hash !== snap.root_hash || root.sums.join(',') !== snap.totals) return { ok: false, problem: 'The root is not the published one' };
  const { rows: missing } = await q.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE u.role = 'user' AND u.created_at <= $2
        AND NOT EXISTS (SELECT 1 FROM liability_leaves l WHERE l.snapshot_id = $1 AND l.uid = u.id) LIMIT 1`,
    [snapshotId, snap.created_at],
  );
  if (missing[0]) return { ok: false, problem: `The account ${missing[0].id} is missing from the tree` };
  return { ok: true, leafCount: leaves.length };
}
