// Proof of liabilities: the canonical encoding of the Merkle sum tree and the check an investor's
// browser (or an auditor's script) runs on an inclusion proof. docs/ledger.md "Proof of liabilities".
//
// Every node commits to each child's sums separately (IACR ePrint 2018/1139's fix of the naive
// sum tree, which hashed only the total and let a platform shift liabilities between subtrees).
// The messages are plain text so that anyone can recompute them with sha256sum:
//   leaf   "halcyon-pol/leaf/v1\n<snapshot>\n<uid>\n<nonce>\n<c1>,<c2>,…"
//   node   "halcyon-pol/node/v1\n<left hash>\n<left sums>\n<right hash>\n<right sums>"
//   pad    "halcyon-pol/pad/v1\n<snapshot>\n<level>\n<index>"   (sums all 0; fills an odd level)
// Amounts are integer cents in decimal; hashes are lowercase hex SHA-256 of the UTF-8 message.
// The leaf names its owner (the uid, hidden by the leaf's secret nonce), so a check must be told
// whose proof it expects: checkInclusionProof recomputes the leaf from the signed-in investor's own
// uid, never from the `uid` a proof claims, and refuses anyone else's proof.

/** The columns of every sum, in order: each asset the user holds (available + held + invested), then USD earnings. */
export const LIABILITY_COLUMNS = ['btc', 'usdt', 'eth', 'sol', 'earnings'] as const;
export type LiabilityColumn = (typeof LIABILITY_COLUMNS)[number];

/** How screens name each column. */
export const LIABILITY_COLUMN_LABELS: Record<LiabilityColumn, string> = { btc: 'Bitcoin', usdt: 'USDT', eth: 'Ethereum', sol: 'Solana', earnings: 'Earnings' };

/** Cents (a decimal string) as dollars for display; exact below 2^53 cents. */
export const centsToUsd = (cents: string): number => Number(cents) / 100;

/** Cents per column, as decimal strings (exact at any size). */
export type Sums = readonly string[];

export const leafMessage = (snapshotId: string, uid: string, nonce: string, balances: Sums): string =>
  `halcyon-pol/leaf/v1\n${snapshotId}\n${uid}\n${nonce}\n${balances.join(',')}`;

export const nodeMessage = (left: { hash: string; sums: Sums }, right: { hash: string; sums: Sums }): string =>
  `halcyon-pol/node/v1\n${left.hash}\n${left.sums.join(',')}\n${right.hash}\n${right.sums.join(',')}`;

export const padMessage = (snapshotId: string, level: number, index: number): string => `halcyon-pol/pad/v1\n${snapshotId}\n${level}\n${index}`;

export const addSums = (a: Sums, b: Sums): string[] => a.map((v, i) => (BigInt(v) + BigInt(b[i] ?? '0')).toString());

/** What a snapshot publishes: its root and the totals it commits to. */
export interface PublishedLiabilities {
  id: string;
  rootHash: string;
  totals: Sums;
  /** Levels above the leaves: every proof of this snapshot has exactly this many siblings. */
  depth: number;
}

/** One investor's inclusion proof: their leaf and the sibling of each node on the way to the root. */
export interface InclusionProof {
  snapshotId: string;
  uid: string;
  index: number;
  nonce: string;
  balances: Sums;
  siblings: ReadonlyArray<{ hash: string; sums: Sums }>;
}

export type ProofCheck = { ok: true } | { ok: false; problem: string };

/** Whose proof the check expects: the signed-in investor, never what the proof says about itself. */
export interface ProofOwner {
  /** The signed-in investor's user id (their session's): the leaf is recomputed from it. */
  uid: string;
  /**
   * Per LIABILITY_COLUMNS column, the amounts in cents the investor's own records allow at the
   * snapshot (the balance then, or each one it took while the snapshot was being taken); null for
   * a column the records cannot tell. Omitted: the balances are shown to compare by eye, not checked.
   */
  balances?: ReadonlyArray<readonly string[] | null>;
}

const CENTS = /^(0|[1-9]\d{0,30})$/;
const HEX = /^[0-9a-f]{64}$/;
/** A uid is one line: the leaf message's lines could otherwise be shifted between two owners. */
const UID = /^[^\r\n]+$/;

const listOf = (names: string[]): string => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`);

/**
 * Recomputes the root from `proof` and compares it with what was published. The leaf is rebuilt
 * from `owner.uid` (the signed-in investor), so another investor's proof, replayed or served for
 * the wrong account, is refused: its leaf commits to its own owner. Refuses a proof whose balances
 * are not among `owner.balances` (when given), a negative or malformed amount anywhere on the
 * path, a path of the wrong length, and any hash or total that does not match. `sha256Hex` is Web
 * Crypto in the browser, node:crypto in scripts and tests.
 */
export async function checkInclusionProof(
  proof: InclusionProof,
  published: PublishedLiabilities,
  sha256Hex: (message: string) => Promise<string>,
  owner: ProofOwner,
): Promise<ProofCheck> {
  const width = LIABILITY_COLUMNS.length;
  const amountsOk = (sums: Sums) => sums.length === width && sums.every((v) => CENTS.test(v));
  if (typeof owner?.uid !== 'string' || !UID.test(owner.uid)) return { ok: false, problem: 'The check needs the user id you are signed in with.' };
  if (proof.uid !== owner.uid) return { ok: false, problem: "This proof is for another investor's account, not yours." };
  if (proof.snapshotId !== published.id) return { ok: false, problem: 'The proof is for another snapshot than the published one.' };
  if (!amountsOk(proof.balances)) return { ok: false, problem: 'Your balances in the proof are not whole, non-negative amounts.' };
  if (owner.balances) {
    const differ = LIABILITY_COLUMNS.filter((_c, i) => {
      const allowed = owner.balances?.[i];
      return allowed != null && !allowed.includes(proof.balances[i] ?? '');
    });
    if (differ.length) {
      const names = listOf(differ.map((c) => LIABILITY_COLUMN_LABELS[c]));
      return { ok: false, problem: `Your ${names} ${differ.length === 1 ? 'balance' : 'balances'} in the proof ${differ.length === 1 ? 'is' : 'are'} not what your own ledger shows at the snapshot.` };
    }
  }
  if (proof.siblings.length !== published.depth) return { ok: false, problem: 'The proof has the wrong number of steps for the published tree.' };
  if (!Number.isInteger(proof.index) || proof.index < 0 || proof.index >= 2 ** published.depth) return { ok: false, problem: 'The proof gives an impossible position in the tree.' };
  // Rebuilt from the caller's uid, not the proof's: the two are equal here, and must stay the caller's.
  let node = { hash: await sha256Hex(leafMessage(published.id, owner.uid, proof.nonce, proof.balances)), sums: [...proof.balances] };
  for (const [level, sibling] of proof.siblings.entries()) {
    if (!HEX.test(sibling.hash)) return { ok: false, problem: `Step ${level + 1} of the proof has a malformed hash.` };
    if (!amountsOk(sibling.sums)) return { ok: false, problem: `Step ${level + 1} of the proof carries a negative or malformed sum.` };
    const isRight = ((proof.index >> level) & 1) === 1;
    const [left, right] = isRight ? [sibling, node] : [node, sibling];
    node = { hash: await sha256Hex(nodeMessage(left, right)), sums: addSums(left.sums, right.sums) };
  }
  if (node.hash !== published.rootHash) return { ok: false, problem: 'The proof does not lead to the published root: your balances are not in the published total.' };
  if (node.sums.join(',') !== published.totals.join(',')) return { ok: false, problem: 'The proof leads to other totals than the published ones.' };
  return { ok: true };
}
