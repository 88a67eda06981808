// `pnpm chain:send`: pays a payment URI from the test chains' funded accounts, mines blocks on
// them, or starts them by hand (docs/chain-nodes.md). The nodes come from HALCYON_CHAIN_NODES,
// else from .tmp/chain-nodes.json (written by `pnpm chain:send --start`).
//   pnpm chain:send 'bitcoin:<address>?amount=0.001' [--mine N]
//   pnpm chain:send 'ethereum:<address>@1337?value=<wei>' [--mine N]
//   pnpm chain:send 'ethereum:<usdt>@56/transfer?address=<to>&uint256=<units>' [--mine N]
//   pnpm chain:send --mine N --chain bitcoin|ethereum|bsc
//   pnpm chain:send --start
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

const usage = `usage: pnpm chain:send <bitcoin:…|ethereum:… URI> [--mine N]
       pnpm chain:send --mine N --chain bitcoin|ethereum|bsc
       pnpm chain:send --start   (start the nodes, write .tmp/chain-nodes.json, run until Ctrl-C)`;

function parseArgs(argv) {
  const args = { uri: undefined, mine: 0, chain: undefined, start: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') continue;
    else if (arg === '--start') args.start = true;
    else if (arg === '--mine' || arg === '--chain') {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      if (arg === '--mine') {
        args.mine = Number(value);
        if (!Number.isInteger(args.mine) || args.mine < 1) throw new Error(`--mine ${value}: not a block count`);
      } else {
        if (!['bitcoin', 'ethereum', 'bsc'].includes(value)) throw new Error(`--chain ${value}: bitcoin, ethereum or bsc`);
        args.chain = value;
      }
    } else if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else if (args.uri === undefined) args.uri = arg;
    else throw new Error(`one URI at a time (got ${args.uri} and ${arg})`);
  }
  if (!args.start && args.uri === undefined && !(args.mine && args.chain)) throw new Error('nothing to do');
  return args;
}

let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`chain:send: ${error.message}\n${usage}`);
  process.exit(2);
}

// The kit is TypeScript: loaded through the tsx that `pnpm dev` runs the server with.
const { require: tsxRequire } = createRequire(join(root, 'server', 'package.json'))('tsx/cjs/api');
const kit = tsxRequire(join(root, 'test-kit', 'src', 'chain', 'index.ts'), import.meta.url);

if (args.start) {
  const nodes = await kit.startChainNodes({ writeFile: kit.CHAIN_NODES_FILE });
  const { ethereum, bsc, bitcoin, contracts } = nodes.description;
  console.log(`chain nodes up (${kit.CHAIN_NODES_FILE}):
  ethereum  ${ethereum.rpcUrl}  chain id ${ethereum.chainId}  BTC/USD feed ${contracts.btcUsdFeed}  ETH/USD feed ${contracts.ethUsdFeed}
  bsc       ${bsc.rpcUrl}  chain id ${bsc.chainId}  USDT ${contracts.usdt}
  bitcoin   ${bitcoin.rpcUrl}  (${bitcoin.network}, wallet ${bitcoin.wallet})
export ${kit.CHAIN_NODES_ENV}='${JSON.stringify(nodes.description)}'
Ctrl-C stops them.`);
  const stop = () => nodes.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30); // stay up until a signal
} else {
  try {
    const chains = kit.chainNodesFromEnvOrFile();
    let chain = args.chain;
    if (args.uri !== undefined) {
      const paid = await kit.payPaymentUri(chains, args.uri);
      chain = paid.chain;
      const r = paid.request;
      const what = r.kind === 'btc' ? `${kit.satsToBtc(r.sats)} to ${r.address}` : r.kind === 'native' ? `${r.wei} wei to ${r.to}` : `${r.units} token units to ${r.to}`;
      console.log(`${paid.chain}: sent ${paid.txid} (${what})`);
    }
    if (args.mine) {
      const mined = chain === 'bitcoin' ? await chains.mineBtc(args.mine) : await chains.mineEvm(chain, args.mine);
      console.log(`${chain}: mined ${args.mine} block${args.mine === 1 ? '' : 's'}, height ${mined.height} (${mined.hashes.at(-1)})`);
    }
  } catch (error) {
    console.error(`chain:send: ${error.message}`);
    process.exit(1);
  }
}
