import { createHash } from 'node:crypto';
import { checkInclusionProof, leafMessage, nodeMessage, type InclusionProof, type PublishedLiabilities } from './liabilities';

const sha = async (m: string) => createHash('sha256').update(m, 'utf8').digest('hex');

async function fourLeafTree(): Promise<{ published: PublishedLiabilities; proof: InclusionProof }> {
  const leaves = await Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const balances = [String(i * 100), '0', '0', '0', '1'];
      return { hash: await sha(leafMessage('s', `u${i}`, `n${i}`, balances)), sums: balances };
    }),
  );
  const add = (a: readonly string[], b: readonly string[]) => a.map((v, i) => String(Number(v) + Number(b[i])));
  const [a, b, c, d] = leaves as [typeof leaves[0], typeof leaves[0], typeof leaves[0], typeof leaves[0]];
  const ab = { hash: await sha(nodeMessage(a, b)), sums: add(a.sums, b.sums) };
  const cd = { hash: await sha(nodeMessage(c, d)), sums: add(c.sums, d.sums) };
  const root = { hash: await sha(nodeMessage(ab, cd)), sums: add(ab.sums, cd.sums) };
  return {
    published: { id: 's', rootHash: root.hash, totals: root.sums, depth: 2 },
    // u2 sits at index 2: its siblings are d (right) then ab (left).
    proof: { snapshotId: 's', uid: 'u2', index: 2, nonce: 'n2', balances: c.sums, siblings: [d, ab] },
  };
}

describe('checkInclusionProof', () => {
  it('accepts the honest path and refuses each kind of forgery with a plain reason', async () => {
    const { published, proof } = await fourLeafTree();
    expect(await checkInclusionProof(proof, published, sha)).toEqual({ ok: true });
    const refused = async (p: InclusionProof, pub = published) => {
      const r = await checkInclusionProof(p, pub, sha);
      return r.ok ? 'accepted' : r.problem;
    };
    expect(await refused({ ...proof, snapshotId: 'other' })).toBe('The proof is for another snapshot than the published one.');
    expect(await refused({ ...proof, balances: ['-200', '0', '0', '0', '1'] })).toBe('Your balances in the proof are not whole, non-negative amounts.');
    expect(await refused({ ...proof, balances: ['200.5', '0', '0', '0', '1'] })).toBe('Your balances in the proof are not whole, non-negative amounts.');
    expect(await refused({ ...proof, siblings: proof.siblings.slice(0, 1) })).toBe('The proof has the wrong number of steps for the published tree.');
    expect(await refused({ ...proof, index: 4 })).toBe('The proof gives an impossible position in the tree.');
    expect(await refused({ ...proof, index: 3 })).toMatch(/does not lead to the published root/); // the wrong side
    expect(await refused({ ...proof, balances: ['300', '0', '0', '0', '1'] })).toMatch(/does not lead to the published root/); // a raised balance
    expect(await refused({ ...proof, siblings: [{ hash: 'XYZ', sums: ['0', '0', '0', '0', '0'] }, proof.siblings[1] as { hash: string; sums: string[] }] })).toBe(
      'Step 1 of the proof has a malformed hash.',
    );
    expect(await refused(proof, { ...published, totals: ['600', '0', '0', '0', '5'] })).toBe('The proof leads to other totals than the published ones.');
  });
});
