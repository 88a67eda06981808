// `pnpm start:chain`: the whole product with deposits credited from local chains (docs/chain.md
// "See it without a wallet"): starts Anvil (Ethereum, BSC) and, where installed, litecoind regtest
// (without it Bitcoin stays on the spec's manual review), then `pnpm start`
// on a fresh embedded database with the demo data, the chains' settings and demo account keys, so
// a deposit's quote can be paid with `pnpm chain:send <uri> --mine 2` and seen going from waiting
// to credited. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

// Public account keys of BIP84's and BIP44's well-known test mnemonic ("abandon … about"): a demo
// must never hold real money. vpub: m/84'/1'/0' (BIP84's testnet vector); xpub: m/44'/60'/0'.
const DEMO_BITCOIN_XPUB = 'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';
const DEMO_EVM_XPUB = 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
const ADMIN = { email: 'admin@halcyon.test', password: 'Admin12345!' };
const CONFIRMATIONS = 2;

const port = Number(process.env.PORT ?? 8080);
const api = `http://127.0.0.1:${port}/api`;
// Cursors and quotes belong to these nodes' chains: a new database each time.
const dataDir = join(root, '.tmp', 'chain-demo-data');
rmSync(dataDir, { recursive: true, force: true });

// The kit is TypeScript: loaded through the server's tsx, as `pnpm chain:send` does.
const { require: tsxRequire } = createRequire(join(root, 'server', 'package.json'))('tsx/cjs/api');
const kit = tsxRequire(join(root, 'test-kit', 'src', 'chain', 'index.ts'), import.meta.url);

const nodes = await kit.startChainNodes({ writeFile: kit.CHAIN_NODES_FILE, bitcoin: 'if-installed' });
// Its own process group: `pnpm start` runs the server as a child, and both must stop with us.
const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  stdio: 'inherit',
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    ...kit.chainServerEnv(nodes.description, { confirmations: CONFIRMATIONS, pollMs: 1000 }),
    // Local chains have no public explorer.
    EXPLORER_TX_URL_BITCOIN: '',
    EXPLORER_TX_URL_ETHEREUM: '',
    EXPLORER_TX_URL_BSC: '',
  },
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await nodes.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.on('exit', (code) => stop(code ?? 1));

// The feeds' rounds are stamped now; quotes refuse them after PRICE_MAX_AGE_SECONDS (an hour).
const refresh = setInterval(async () => {
  const now = BigInt(Math.floor(Date.now() / 1000));
  await nodes.setPrice('btc', 60_000n * 10n ** 8n, now).catch(() => {});
  await nodes.setPrice('eth', 3_000n * 10n ** 8n, now).catch(() => {});
}, 10 * 60_000);
refresh.unref();

async function call(method, path, body, token) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json;
}

// Once the server answers (its first start builds the apps: minutes), the demo admin sets the keys.
for (let waited = 0; ; waited += 1000) {
  if (await fetch(`${api}/health`).then((r) => r.ok, () => false)) break;
  if (waited > 15 * 60_000) {
    console.error('start:chain: the server did not answer in 15 minutes');
    await stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
try {
  const { token } = await call('POST', '/auth/login', ADMIN);
  const [record] = (await call('GET', '/wallet-address', undefined, token)).data;
  const addresses = { bitcoin: record.bitcoin, ethereum: record.ethereum, sol: record.sol, usdt: record.usdt };
  // A Bitcoin key only where Bitcoin is watched (its network decides which keys are valid).
  const keys = { evmXpub: DEMO_EVM_XPUB, ...(nodes.description.bitcoin ? { bitcoinXpub: DEMO_BITCOIN_XPUB } : {}) };
  await call('PATCH', `/wallet-address/update/${record._id}`, { ...addresses, ...keys }, token);
} catch (error) {
  console.error(`start:chain: could not set the demo keys (${error.message})`);
  await stop(1);
}
const coins = nodes.description.bitcoin ? 'Bitcoin, USDT or Ethereum' : 'USDT or Ethereum';
const noBitcoin = nodes.description.bitcoin ? '' : '\n  (litecoind is not installed: Bitcoin deposits stay on manual review. apt-get install litecoind to watch it too.)';
console.log(`
Halcyon with local chains: http://localhost:${port}${noBitcoin}
  1. Log in as demo@halcyon.test / Demo12345!, Deposit → Fund ${coins}, an amount, Deposit now, Get my deposit address.
  2. Copy the payment link under the QR code ("Open in a wallet app") and pay it from the nodes' funded accounts:
       npx -y pnpm@10.34.9 chain:send '<payment link>' --mine ${CONFIRMATIONS}
     The screen goes from waiting to seen to credited within seconds.
  Admin (${ADMIN.email} / ${ADMIN.password}): /admin/chain shows the followers and the reserves.
  Ctrl-C stops the server and the nodes.`);
