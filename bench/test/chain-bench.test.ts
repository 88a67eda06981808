// The chain benchmark (`pnpm bench chain`, docs/bench.md "Chain") at a tiny size, so that a change
// that breaks it is seen in `pnpm test`: it follows every block it mined, records a payment for each
// output to an investor and none otherwise, and times each latency sample to a credited deposit.
import { ownChainNodesSkip } from '@halcyon/test-kit/chain';
import { runChainBench, type ChainSizes } from '../src/chain-suite';
import { describeWithPostgres } from './helpers';

const skip = ownChainNodesSkip('the chain benchmark smoke run');
if (skip) console.log(skip);
const describeChain = skip ? describe.skip : describeWithPostgres;

const SIZES: ChainSizes = { addresses: 5_000, payees: 40, blocks: 2, btcOutputs: 60, bscTransfers: 30, samples: 1, confirmations: 2, pollMs: 250 };

describeChain('chain benchmark, smoke size', () => {
  it('follows the mined blocks, records exactly the payments to investors, times credits', async () => {
    const progress: string[] = [];
    const r = await runChainBench(SIZES, (line) => progress.push(line));
    expect(r.cases.map((c) => [c.chain, c.matches, c.payments])).toEqual([
      ['bitcoin', false, 0],
      ['bitcoin', true, SIZES.blocks * SIZES.btcOutputs],
      ['bsc', false, 0],
      ['bsc', true, SIZES.blocks * SIZES.bscTransfers],
    ]);
    for (const c of r.cases) {
      expect(c.blocks).toBeGreaterThanOrEqual(SIZES.blocks);
      // Bitcoin blocks also hold their coinbase and each transaction's change.
      expect(c.outputs).toBeGreaterThanOrEqual(SIZES.blocks * (c.chain === 'bitcoin' ? SIZES.btcOutputs : SIZES.bscTransfers));
      expect(c.seconds).toBeGreaterThan(0);
    }
    expect(r.latency.map((l) => [l.method, l.samples.length, l.samples.every((ms) => ms > 0 && ms < 30_000)])).toEqual([
      ['bitcoin', 1, true],
      ['ethereum', 1, true],
      ['usdt', 1, true],
    ]);
    expect(progress.length).toBeGreaterThan(0);
  });
});
