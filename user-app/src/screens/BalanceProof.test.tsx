import { createHash, webcrypto } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { leafMessage, nodeMessage, type InclusionProof, type LedgerEntry, type LiabilitySnapshot } from '@halcyon/api-client/model';
import { fail, ok, page, stubHttp, type HttpStub, type RecordedRequest } from '@halcyon/api-client/testing';
import { ledgerEntry, profile } from '../test/fixtures';
import { renderWithProviders, signIn } from '../test/render';
import BalanceProof from './BalanceProof';

// jsdom has no Web Crypto digest; Node's is the same standard API the browser uses.
beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

let http: HttpStub;
afterEach(() => http.restore());

const sha = (m: string) => createHash('sha256').update(m, 'utf8').digest('hex');

const SNAPSHOT_AT = '2026-11-20T10:00:00.000Z';
/** Ada (u-1, the signed-in investor): 1000 USDT and 50 of earnings. Bob (u-2): 250 BTC. */
const ADA = { uid: 'u-1', nonce: 'n1', balances: ['0', '100000', '0', '0', '5000'] };
const BOB = { uid: 'u-2', nonce: 'n2', balances: ['25000', '0', '0', '0', '0'] };

/** A published two-account tree of these leaves (the first on the left), and each one's honest proof. */
function tree(left = ADA, right = BOB): { snapshot: LiabilitySnapshot; proofOf: (uid: string) => InclusionProof } {
  const leaves = [left, right].map((l) => ({ ...l, hash: sha(leafMessage('snap-1', l.uid, l.nonce, l.balances)), sums: l.balances }));
  const [a, b] = leaves as [(typeof leaves)[0], (typeof leaves)[0]];
  const totals = a.sums.map((v, i) => String(Number(v) + Number(b.sums[i])));
  return {
    snapshot: { id: 'snap-1', createdAt: SNAPSHOT_AT, rootHash: sha(nodeMessage(a, b)), columns: ['btc', 'usdt', 'eth', 'sol', 'earnings'], totals, depth: 1, leafCount: 2, ledgerHead: null },
    proofOf: (uid) => {
      const index = leaves.findIndex((l) => l.uid === uid);
      const [own, sibling] = (index === 0 ? [a, b] : [b, a]) as [typeof a, typeof a];
      return { snapshotId: 'snap-1', uid, index, nonce: own.nonce, balances: own.sums, siblings: [{ hash: sibling.hash, sums: sibling.sums }] };
    },
  };
}

/** Ada's ledger, newest first: 1000 USDT deposited and 50 of earnings credited before the snapshot. */
const adaLedger: LedgerEntry[] = [
  ledgerEntry({ transferId: '2', account: 'earnings:usd', asset: 'usd', amount: 50, kind: 'earnings_credit', balanceAfter: 50, assetBalanceAfter: 50, createdAt: '2026-11-19T09:00:00.000Z' }),
  ledgerEntry({ transferId: '1', amount: 1000, balanceAfter: 1000, assetBalanceAfter: 1000, createdAt: '2026-11-18T09:00:00.000Z' }),
];

/** GET /user/ledger answers each asset's entries of `entries` (the server filters by asset). */
const ledger = (entries: LedgerEntry[], nextCursor: string | null = null) => (req: RecordedRequest) =>
  page(entries.filter((e) => e.asset === req.query.get('asset')), nextCursor);

function serve(snapshot: LiabilitySnapshot, proof: InclusionProof, entries = adaLedger) {
  http = stubHttp({ 'GET /api/liabilities/latest': ok(snapshot), 'GET /api/user/liabilities/proof': ok(proof), 'GET /api/user/ledger': ledger(entries) });
}

beforeEach(() => signIn(profile({ uid: ADA.uid, id: ADA.uid })));

describe('BalanceProof (/user/proof)', () => {
  it('checks the proof in the browser and says plainly that the balances are included', async () => {
    const { snapshot, proofOf } = tree();
    serve(snapshot, proofOf(ADA.uid));
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('Verified: the platform counted your balances below in what it declared it owes its investors, and could not have left them out or made them smaller without this check failing.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your balances in the snapshot and the published totals' });
    const usdt = within(table).getByText('USDT').closest('tr') as HTMLElement;
    expect(within(usdt).getAllByText('$1,000.00')).toHaveLength(2);
    // The hashes are one tap away, for whoever checks with their own tools; the way back is there.
    expect(screen.getByText(snapshot.rootHash).closest('details')).not.toHaveAttribute('open');
    expect(screen.getByRole('button', { name: /Back/ })).toBeInTheDocument();
    // Each column's balance is read back from the investor's own ledger, up to the snapshot's day.
    expect(http.calls('GET /api/user/ledger').map((r) => [r.query.get('asset'), r.query.get('to')])).toEqual([
      ['btc', '2026-11-20'], ['usdt', '2026-11-20'], ['eth', '2026-11-20'], ['sol', '2026-11-20'], ['usd', '2026-11-20'],
    ]);
  });

  it("another investor's valid proof on Ada's screen is refused: the leaf is rebuilt from her own id", async () => {
    const { snapshot, proofOf } = tree();
    // Bob's proof reaches the published root: replayed or served for the wrong account, it is still not Ada's.
    serve(snapshot, proofOf(BOB.uid));
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText("Not verified: This proof is for another investor's account, not yours.")).toBeInTheDocument();
    expect(screen.queryByText(/^Verified/)).not.toBeInTheDocument();
    // Bob's amounts are not shown as Ada's balances.
    expect(screen.queryByRole('table', { name: 'Your balances in the snapshot and the published totals' })).not.toBeInTheDocument();
  });

  it("Bob's proof relabelled with Ada's id is refused too", async () => {
    const { snapshot, proofOf } = tree({ ...ADA, balances: BOB.balances }, { ...BOB, balances: ADA.balances });
    // Bob's leaf happens to hold Ada's amounts; a server hands it to Ada with her uid on it.
    serve(snapshot, { ...proofOf(BOB.uid), uid: ADA.uid });
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('Not verified: The proof does not lead to the published root: your balances are not in the published total.')).toBeInTheDocument();
  });

  it('her own leaf with less than her ledger shows is refused, naming the asset', async () => {
    // The platform counted 500 USDT of Ada's 1000 in the published total: a valid path, to a smaller liability.
    const { snapshot, proofOf } = tree({ ...ADA, balances: ['0', '50000', '0', '0', '5000'] });
    serve(snapshot, proofOf(ADA.uid));
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('Not verified: Your USDT balance in the proof is not what your own ledger shows at the snapshot.')).toBeInTheDocument();
  });

  it('a movement while the snapshot was taken may be in it or not; a ledger too busy to read back is named', async () => {
    const { snapshot, proofOf } = tree();
    const during = ledgerEntry({ transferId: '3', amount: 5, balanceAfter: 1005, assetBalanceAfter: 1005, createdAt: '2026-11-20T10:00:00.020Z' });
    http = stubHttp({
      'GET /api/liabilities/latest': ok(snapshot),
      'GET /api/user/liabilities/proof': ok(proofOf(ADA.uid)),
      // Bitcoin: a page of entries all after the snapshot, and more pages.
      'GET /api/user/ledger': (req) =>
        req.query.get('asset') === 'btc'
          ? page([ledgerEntry({ transferId: '9', account: 'available:btc', asset: 'btc', createdAt: '2026-11-20T23:00:00.000Z' })], 'c2.sig')
          : ledger([during, ...adaLedger])(req),
    });
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('Verified: the platform counted your balances below in what it declared it owes its investors, and could not have left them out or made them smaller without this check failing.')).toBeInTheDocument();
    expect(screen.getByText(/could not be read back to the snapshot for Bitcoin: compare that balance with your statement yourself/)).toBeInTheDocument();
  });

  it('a proof that does not reach the published root is called out, not hidden', async () => {
    const { snapshot, proofOf } = tree();
    const proof = proofOf(ADA.uid);
    // The platform lowered the other account's sum: the parent committed to the old one.
    serve(snapshot, { ...proof, siblings: [{ hash: proof.siblings[0]?.hash ?? '', sums: ['0', '0', '0', '0', '0'] }] });
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('Not verified: The proof does not lead to the published root: your balances are not in the published total.')).toBeInTheDocument();
  });

  it('says when nothing is published yet', async () => {
    http = stubHttp({ 'GET /api/liabilities/latest': ok(null) });
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('No snapshot has been published yet.')).toBeInTheDocument();
  });

  it('says when the investor is not in the snapshot (joined after it)', async () => {
    http = stubHttp({
      'GET /api/liabilities/latest': ok(tree().snapshot),
      'GET /api/user/liabilities/proof': fail(404, 'No published snapshot includes your account yet.', 'NOT_IN_SNAPSHOT'),
    });
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('No published snapshot includes your account yet.')).toBeInTheDocument();
  });
});
