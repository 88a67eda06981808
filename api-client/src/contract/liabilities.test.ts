import { createHash } from 'node:crypto';
import { checkInclusionProof, leafMessage, nodeMessage, type InclusionProof, type ProofOwner, type PublishedLiabilities } from './liabilities';

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
    expect(await checkInclusionProof(proof, published, sha, { uid: 'u2' })).toEqual({ ok: true });
    const refused = async (p: InclusionProof, pub = published) => {
      const r = await checkInclusionProof(p, pub, sha, { uid: 'u2' });
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

describe('the proof must be the signed-in investor\'s own', () => {
  /** u3's honest proof: its leaf is d, at index 3, under c (left) then ab (left). */
  async function othersProof(): Promise<{ published: PublishedLiabilities; mine: InclusionProof; theirs: InclusionProof }> {
    const { published, proof } = await fourLeafTree();
    const [d, ab] = proof.siblings as [{ hash: string; sums: string[] }, { hash: string; sums: string[] }];
    const c = { hash: await sha(leafMessage('s', 'u2', 'n2', proof.balances)), sums: [...proof.balances] };
    return { published, mine: proof, theirs: { snapshotId: 's', uid: 'u3', index: 3, nonce: 'n3', balances: d.sums, siblings: [c, ab] } };
  }
  const problem = async (p: InclusionProof, pub: PublishedLiabilities, owner: ProofOwner) => {
    const r = await checkInclusionProof(p, pub, sha, owner);
    return r.ok ? 'accepted' : r.problem;
  };

  it("refuses another investor's valid proof on u2's screen, though it reaches the published root for its owner", async () => {
    const { published, theirs } = await othersProof();
    expect(await checkInclusionProof(theirs, published, sha, { uid: 'u3' })).toEqual({ ok: true });
    expect(await problem(theirs, published, { uid: 'u2' })).toBe("This proof is for another investor's account, not yours.");
  });

  it('recomputes the leaf from the caller\'s uid: relabelling another investor\'s proof as yours does not reach the root', async () => {
    const { published, theirs } = await othersProof();
    expect(await problem({ ...theirs, uid: 'u2' }, published, { uid: 'u2' })).toMatch(/does not lead to the published root/);
  });

  it('needs a one-line uid: no uid, an empty one or one spanning lines is refused', async () => {
    const { published, mine } = await othersProof();
    const needs = 'The check needs the user id you are signed in with.';
    expect(await problem(mine, published, { uid: '' })).toBe(needs);
    expect(await problem({ ...mine, uid: 'u2\nn2' }, published, { uid: 'u2\nn2' })).toBe(needs);
    expect(await problem(mine, published, undefined as unknown as ProofOwner)).toBe(needs);
  });

  it("compares the proof's balances with the investor's own records where they can tell", async () => {
    const { published, mine } = await othersProof();
    // u2's leaf holds 200 cents of BTC and 1 cent of earnings.
    expect(mine.balances).toEqual(['200', '0', '0', '0', '1']);
    const own = (btc: string[] | null, earnings: string[] | null) => ({ uid: 'u2', balances: [btc, ['0'], ['0'], ['0'], earnings] });
    expect(await problem(mine, published, own(['200'], ['1']))).toBe('accepted');
    expect(await problem(mine, published, own(['150', '200'], null))).toBe('accepted'); // moved while the snapshot was taken; earnings unknown
    expect(await problem(mine, published, own(['250'], ['1']))).toBe('Your Bitcoin balance in the proof is not what your own ledger shows at the snapshot.');
    expect(await problem(mine, published, own(['250'], ['2']))).toBe('Your Bitcoin and Earnings balances in the proof are not what your own ledger shows at the snapshot.');
  });
});

it('the leaf format is the one snapshots have always been published in (v1 names its owner): older snapshots still verify', async () => {
  const message = leafMessage('snap-1', 'u-1', '0123456789abcdef0123456789abcdef', ['0', '100000', '0', '0', '5000']);
  expect(message).toBe('halcyon-pol/leaf/v1\nsnap-1\nu-1\n0123456789abcdef0123456789abcdef\n0,100000,0,0,5000');
  expect(await sha(message)).toBe('dbf0aa3f28c83b516fefa0d234b0631a66337331a1c3d84fc8d591549f08dd02');
});
