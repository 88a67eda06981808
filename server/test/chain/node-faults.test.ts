import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupTestServer } from '../harness';
import { bitcoinNode } from '@halcyon/test-kit/chain';
import { balances, chainConfig, CONFIRMATIONS, deposit, follow, nodes, price, readDeposit, setKeys } from './harness';

// A node that is down, then back; a node that answers garbage. The follower reads the real
// litecoind through a proxy the test switches: nothing is credited from a failed read, the error
// is on the cursor for the admins, and the follower catches up once the node answers again.

type Mode = 'up' | 'down' | 'not json' | 'bad amount' | 'wrong block';
let mode: Mode = 'up';
let proxy: Server;

/** Forwards JSON-RPC to the real node, or fails in the way `mode` says. */
function startProxy(target: string): Promise<string> {
  const url = new URL(target);
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (mode === 'down') return req.socket.destroy();
      if (mode === 'not json') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
      const upstream = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body: Buffer.concat(chunks) });
      let text = await upstream.text();
      // A block whose output values are strings, or whose height is not the one asked.
      if (mode === 'bad amount') text = text.replace(/"value":([0-9.]+)/g, '"value":"$1"');
      if (mode === 'wrong block') text = text.replace(/"height":(\d+)/g, (_, h: string) => `"height":${Number(h) + 7}`);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://u:p@127.0.0.1:${(proxy.address() as AddressInfo).port}/`)));
}

const proxied = { url: '' };
beforeAll(async () => {
  proxied.url = await startProxy(bitcoinNode(nodes).rpcUrl);
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

// The config is read when the server starts (beforeAll), after the proxy has its port.
const t = setupTestServer({
  get chain() {
    const config = chainConfig();
    return { ...config, bitcoin: config.bitcoin && { ...config.bitcoin, rpcUrl: proxied.url } };
  },
});

const lastError = async () => (await t().db.query<{ last_error: string | null }>("SELECT last_error FROM chain_cursors WHERE chain = 'bitcoin'")).rows[0]?.last_error ?? null;

test('down, then garbage, then back: nothing credited meanwhile, each failure on the cursor, then caught up', async () => {
  mode = 'up';
  await price('btc', 60_000);
  const admin = await t().loginAdmin();
  await setKeys(t(), admin);
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'bitcoin', 120);
  await follow(t(), 'bitcoin');
  await nodes.sendBtc(d.payment?.address as string, 200_000n);
  await nodes.mineBtc(CONFIRMATIONS);

  for (const [failure, message] of [
    ['down', /cannot be reached/],
    ['not json', /answered 502 with something that is not JSON/],
    ['bad amount', /output of [0-9a-f]{64} has an unusable value: [0-9.]+/],
    ['wrong block', /answered block \d+ for height \d+/],
  ] as const) {
    mode = failure;
    await follow(t(), 'bitcoin');
    expect(await lastError()).toMatch(message);
    expect((await readDeposit(t(), user, d.id)).payment?.state).toBe('waiting');
    expect(await balances(t(), user)).toMatchObject({ btcBal: 0 });
  }

  mode = 'up';
  await follow(t(), 'bitcoin');
  expect(await lastError()).toBeNull();
  expect((await readDeposit(t(), user, d.id)).payment).toMatchObject({ state: 'credited', confirmations: CONFIRMATIONS });
  expect(await balances(t(), user)).toMatchObject({ btcBal: 120 });
});
