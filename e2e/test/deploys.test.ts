// Issue 6, item 5: the user app deploys on its own. It is served from another origin and port
// than the shell (a plain static server with CORS, like a CDN); the product is started with
// USER_APP_URL naming it, which reaches the shell only through /config.json (the server also
// allows that origin in its CSP). A redeploy of the remote (a copy of its build with a visible
// change) reaches the running shell on the next page load, without the shell being rebuilt or
// the server restarted.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newInvestor, registerInvestor } from '../src/api';
import { journey } from '../src/journey';
import { startProduct, type Product } from '../src/product';
import { repoRoot, runInfo, useProduct } from '../src/run-info';
import { serveStatic, type StaticServer } from '../src/static-server';
import { loginInvestor, shown, text } from '../src/ui';

const j = journey('deploys');
const inv = newInvestor('deploy');
const VISIBLE = 'Markets today';
const REDEPLOYED = 'Markets today (build 2)';
let deployDir = '';
let remote: StaticServer | undefined;
let product: Product | undefined;

beforeAll(async () => {
  deployDir = mkdtempSync(join(tmpdir(), 'halcyon-remote-'));
  cpSync(join(repoRoot, 'user-app/dist'), deployDir, { recursive: true });
  remote = await serveStatic(deployDir);
  product = await startProduct({ name: 'server-deploys', env: { USER_APP_URL: `${remote.url}/mf-manifest.json` } });
  useProduct(product.baseUrl);
  await registerInvestor(inv);
}, 180_000);

afterAll(async () => {
  useProduct(undefined);
  await product?.stop();
  await remote?.close();
  rmSync(deployDir, { recursive: true, force: true });
});

/** "Redeploys" the remote: the same build with one visible string changed in its chunks. */
function redeployWithChange(): number {
  let patched = 0;
  for (const name of readdirSync(deployDir)) {
    if (!name.endsWith('.js')) continue;
    const file = join(deployDir, name);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(VISIBLE)) continue;
    writeFileSync(file, source.split(VISIBLE).join(REDEPLOYED));
    patched++;
  }
  return patched;
}

const shellFiles = () =>
  readdirSync(join(repoRoot, 'shell/dist')).map((name) => `${name}@${statSync(join(repoRoot, 'shell/dist', name)).mtimeMs}`).sort();

test('the shell loads user-app from another origin named only in /config.json, and picks up its redeploy', async () => {
  if (!remote) throw new Error('remote server not started');
  const server = remote;
  const page = await j.open();
  const fromShellOrigin: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === runInfo().baseUrl && u.pathname.startsWith('/remotes/user-app/')) fromShellOrigin.push(u.pathname);
  });
  const shellBefore = shellFiles();

  await j.step(page, 'loads from the second origin', async () => {
    const config = (await (await fetch(`${runInfo().baseUrl}/config.json`)).json()) as { remotes: { user_app: string } };
    expect(config.remotes.user_app).toBe(`${server.url}/mf-manifest.json`);
    await loginInvestor(page, inv.email, inv.password);
    await text(page, 'Crypto Investment Made Easy.', 30_000);
    await shown(page.getByRole('heading', { name: VISIBLE, exact: true }));
    expect(server.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    expect(fromShellOrigin).toEqual([]);
  });

  await j.step(page, 'a redeploy of the remote shows on reload', async () => {
    expect(redeployWithChange()).toBeGreaterThan(0);
    await page.reload();
    await shown(page.getByRole('heading', { name: REDEPLOYED, exact: true }), 30_000);
    await text(page, 'Crypto Investment Made Easy.');
    expect(shellFiles()).toEqual(shellBefore); // the shell was not rebuilt
  });
});
