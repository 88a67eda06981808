import { createHash, webcrypto } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { leafMessage, nodeMessage, type InclusionProof, type LiabilitySnapshot } from '@halcyon/api-client';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../test/render';
import BalanceProof from './BalanceProof';

// jsdom has no Web Crypto digest; Node's is the same standard API the browser uses.
beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

let http: HttpStub;
afterEach(() => http.restore());

const sha = (m: string) => createHash('sha256').update(m, 'utf8').digest('hex');

/** A two-account tree: the investor (left) and one other account (right). */
function twoLeafTree(): { snapshot: LiabilitySnapshot; proof: InclusionProof } {
  const mine = { uid: 'u1', nonce: 'n1', balances: ['0', '100000', '0', '0', '5000'] };
  const other = { hash: sha(leafMessage('snap-1', 'u2', 'n2', ['25000', '0', '0', '0', '0'])), sums: ['25000', '0', '0', '0', '0'] };
  const leaf = { hash: sha(leafMessage('snap-1', mine.uid, mine.nonce, mine.balances)), sums: mine.balances };
  const root = sha(nodeMessage(leaf, other));
  return {
    snapshot: { id: 'snap-1', createdAt: '2026-11-20T10:00:00.000Z', rootHash: root, columns: ['btc', 'usdt', 'eth', 'sol', 'earnings'], totals: ['25000', '100000', '0', '0', '5000'], depth: 1, leafCount: 2, ledgerHead: null },
    proof: { snapshotId: 'snap-1', uid: mine.uid, index: 0, nonce: mine.nonce, balances: mine.balances, siblings: [other] },
  };
}

describe('BalanceProof (/user/proof)', () => {
  it('checks the proof in the browser and says plainly that the balances are included', async () => {
    const { snapshot, proof } = twoLeafTree();
    http = stubHttp({ 'GET /api/liabilities/latest': ok(snapshot), 'GET /api/user/liabilities/proof': ok(proof) });
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('Verified: your balances below are included in the published totals.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your balances in the snapshot and the published totals' });
    const usdt = within(table).getByText('USDT').closest('tr') as HTMLElement;
    expect(within(usdt).getAllByText('$1,000.00')).toHaveLength(2);
    expect(screen.getByText(snapshot.rootHash)).toBeInTheDocument();
  });

  it('a proof that does not reach the published root is called out, not hidden', async () => {
    const { snapshot, proof } = twoLeafTree();
    // The platform lowered the other account's sum: the parent committed to the old one.
    const lowered = { ...proof, siblings: [{ hash: proof.siblings[0]?.hash ?? '', sums: ['0', '0', '0', '0', '0'] }] };
    http = stubHttp({ 'GET /api/liabilities/latest': ok(snapshot), 'GET /api/user/liabilities/proof': ok(lowered) });
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
      'GET /api/liabilities/latest': ok(twoLeafTree().snapshot),
      'GET /api/user/liabilities/proof': fail(404, 'No published snapshot includes your account yet.', 'NOT_IN_SNAPSHOT'),
    });
    renderWithProviders(<BalanceProof />);
    expect(await screen.findByText('No published snapshot includes your account yet.')).toBeInTheDocument();
  });
});
