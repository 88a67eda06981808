import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restartProduct, startProduct, type Product } from './product';

// A stand-in server (fixtures/health-server.cjs) instead of the real bundle: this file tests the
// launcher (port, environment, health wait, stop, crash, restart), not the product.
const serverMain = join(__dirname, 'fixtures', 'health-server.cjs');
const admin = { email: 'kit-admin@halcyon.test', password: 'kit-admin-pass-1' };
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let product: Product | undefined;
afterEach(async () => {
  await product?.stop();
  product = undefined;
});

test('starts on a free port once /api/health answers 200, with its own data folder that stop() deletes', async () => {
  product = await startProduct({ launch: 'built', serverMain, admin });
  expect(product.baseUrl).toBe(`http://127.0.0.1:${product.port}`);
  expect((await fetch(`${product.baseUrl}/api/health`)).status).toBe(200);
  expect(readFileSync(join(product.dataDir, 'started'), 'utf8')).toBe('kit-admin@halcyon.test production');
  const { dataDir, pid } = product;
  await product.stop();
  product = undefined;
  expect(alive(pid)).toBe(false);
  expect(existsSync(dataDir)).toBe(false);
});

test('kill() is a crash that keeps the data folder; restartProduct comes back on the same port and folder', async () => {
  const first = await startProduct({ launch: 'built', serverMain, admin });
  await first.kill();
  expect(alive(first.pid)).toBe(false);
  await expect(fetch(`${first.baseUrl}/api/health`)).rejects.toThrow();
  expect(existsSync(first.dataDir)).toBe(true);
  product = await restartProduct(first);
  expect([product.port, product.dataDir]).toEqual([first.port, first.dataDir]);
  expect((await fetch(`${product.baseUrl}/api/health`)).status).toBe(200);
});

test('a given data folder is left in place by stop()', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kit-given-'));
  product = await startProduct({ launch: 'built', serverMain, admin, dataDir });
  await product.stop();
  product = undefined;
  expect(existsSync(join(dataDir, 'started'))).toBe(true);
});

test('a server that exits before it is healthy fails the start and names its log', async () => {
  const logFile = join(mkdtempSync(join(tmpdir(), 'kit-log-')), 'server.log');
  await expect(startProduct({ launch: 'built', serverMain, admin, logFile, env: { FAIL_AT_START: '1' } })).rejects.toThrow(
    `the product exited with 3 before it was ready; see ${logFile}`,
  );
});

test('a missing bundle is refused with the build command', async () => {
  await expect(startProduct({ launch: 'built', serverMain: '/nowhere/main.js', admin })).rejects.toThrow(
    '/nowhere/main.js is missing: run `pnpm --filter ./server run build` first',
  );
});
