// Issue 28 item 4: the shell and its remotes released at different times (docs/deploying.md
// "Compatibility", "Rollback"), in the browser. The variants are built here from this tree in temp
// folders (src/skew-build.ts): a user-app built against shared-ui 1.1.0 and api-client 1.1.0 that
// uses a new export of each; a shell built with seam, shared-ui and api-client 1.1.0 (each with
// an added export); and this tree's user-app as a build for seam 2.0.0 declares itself (its
// manifest's requirement, all the shell reads of it: src/skew-build.ts requiringSeam). One product runs this tree's shell with both
// remotes on stand-in CDNs (src/static-server.ts) whose folder each case switches; the case of a
// remote older than the shell runs a second product whose STATIC_ROOT is the newer shell's tree.
// Deploys and the rollback are `pnpm deploy:app`'s script (scripts/deploy-app.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { call, fundedInvestor, type Investor } from '../src/api';
import { journey } from '../src/journey';
import { startProduct, type Product } from '../src/product';
import { repoRoot, runInfo, useProduct } from '../src/run-info';
import {
  apiClientWithSignedInLine, buildApp, chunkWith, copyTree, MARKETS, readManifest, RELEASE_NOTE, removeTree, requiringSeam, seamAt, sharedFiles,
  sharedUiWithReleaseNote, signedInLine, userAppUsesNewExports, type Tree,
} from '../src/skew-build';
import { serveStatic, type StaticServer } from '../src/static-server';
import { at, field, gone, loginAdmin, loginInvestor, shown, text, url } from '../src/ui';

const j = journey('skew');

/**
 * A page whose every file comes from the stand-in CDNs, never Chromium's HTTP cache: the cases
 * delete and swap a release's files under an open page (a chunk already loaded once would
 * otherwise come from the cache, and nothing would fail).
 */
async function open(): Promise<Page> {
  const page = await j.open();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

const PANEL_TITLE = 'We could not load this part of Halcyon.';
const REFUSED = 'This part of Halcyon was released for a different version of the page you have open. Reload the page to get the current one.';
const CHECK_CONNECTION = 'Check your connection and try again.';
/** The runtime's first try and its three retries (shell/src/federation/resilience.ts RETRY_DELAYS_MS). */
const MANIFEST_ATTEMPTS = 4;
const NEW = '1.1.0';
const WELCOME = 'Crypto Investment Made Easy.';
const TRANSACTIONS_SOURCE = 'src/screens/Transactions.tsx';

const thisUserApp = join(repoRoot, 'user-app/dist');
const thisAdminApp = join(repoRoot, 'admin-app/dist');

const trees: Tree[] = [];
const deployDirs: string[] = [];
let userCdn: StaticServer | undefined;
let adminCdn: StaticServer | undefined;
let product: Product | undefined;
let builds: { userNew: Promise<string>; shellAhead: Promise<string> } | undefined;
/** This tree's user-app, declaring seam 2.0.0. */
let userSeam2 = '';
/** The second product, serving the newer shell: started as soon as that shell is built. */
let aheadProduct: Promise<Product> | undefined;

beforeAll(async () => {
  // The two variants, built one after another (two cores) while the product starts and the cases
  // before each one run; every case awaits only its own build.
  const newExports = copyTree('new-exports');
  trees.push(newExports);
  sharedUiWithReleaseNote(newExports, NEW);
  apiClientWithSignedInLine(newExports, NEW);
  userAppUsesNewExports(newExports);
  const ahead = copyTree('shell-ahead');
  trees.push(ahead);
  seamAt(ahead, NEW, true);
  sharedUiWithReleaseNote(ahead, NEW);
  apiClientWithSignedInLine(ahead, NEW);
  const userNew = buildApp(newExports, 'user-app', 'user-app-new-exports');
  const shellAhead = userNew.catch(() => undefined).then(() => buildApp(ahead, 'shell', 'shell-ahead'));
  for (const build of [userNew, shellAhead]) build.catch(() => undefined); // reported by the case that awaits it
  builds = { userNew, shellAhead };
  userSeam2 = requiringSeam(thisUserApp, '^2.0.0');
  deployDirs.push(userSeam2);

  userCdn = await serveStatic(thisUserApp);
  adminCdn = await serveStatic(thisAdminApp);
  aheadProduct = shellAhead.then(() => startProduct({ name: 'server-skew-shell-ahead', env: { ...remoteUrls(), STATIC_ROOT: ahead.dir } }));
  aheadProduct.catch(() => undefined);
  product = await startProduct({ name: 'server-skew', env: remoteUrls() });
  useProduct(product.baseUrl);
}, 240_000);

afterAll(async () => {
  useProduct(undefined);
  // A build still running writes into its tree, and the second product starts once its build
  // is done: let both end before the trees go.
  if (builds) await Promise.allSettled(Object.values(builds));
  await aheadProduct?.then((p) => p.stop(), () => undefined);
  await product?.stop();
  await userCdn?.close();
  await adminCdn?.close();
  for (const tree of trees) removeTree(tree);
  for (const dir of deployDirs) rmSync(dir, { recursive: true, force: true });
}, 120_000);

function cdns(): { user: StaticServer; admin: StaticServer } {
  if (!userCdn || !adminCdn) throw new Error('the stand-in CDNs did not start');
  return { user: userCdn, admin: adminCdn };
}

function remoteUrls(): Record<string, string> {
  const { user, admin } = cdns();
  return { USER_APP_URL: `${user.url}/mf-manifest.json`, ADMIN_APP_URL: `${admin.url}/mf-manifest.json` };
}

function built(which: 'userNew' | 'shellAhead'): Promise<string> {
  if (!builds) throw new Error('the variants were not set up');
  return builds[which];
}

/** The requests a CDN gets from now on. */
function requestsFrom(cdn: StaticServer): () => string[] {
  const start = cdn.requests.length;
  return () => cdn.requests.slice(start);
}

/**
 * A journey step whose failure also says what the page showed (its text, shortened), beside the
 * journey's screenshot and URL.
 */
function step<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  return j.step(page, name, async () => {
    try {
      return await fn();
    } catch (error) {
      const shows = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(the page could not be read)');
      const showed = `\nthe page showed: ${shows.replace(/\s+/g, ' ').trim().slice(0, 800)}`;
      if (!(error instanceof Error)) throw new Error(`${String(error)}${showed}`, { cause: error });
      error.message += showed;
      throw error;
    }
  });
}

const panel = (page: Page) => page.getByRole('alert').filter({ hasText: PANEL_TITLE });
const releaseNote = (page: Page) => page.getByRole('complementary', { name: RELEASE_NOTE.name });
const marketsHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** The dashboard of `inv` with the $250.00 deposit a fundedInvestor has, on Total Deposit. */
async function dashboardOf(page: Page, inv: Investor): Promise<void> {
  await shown(page.getByRole('heading', { name: `Welcome, ${inv.name}`, exact: true }), 30_000);
  await text(page, WELCOME);
  await shown(page.getByRole('region', { name: 'Total Deposit' }).getByText('$250.00', { exact: true }));
}

/** Transactions by its link in the user area's navigation (no page load): the deposit's row. */
async function openTransactions(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions', exact: true }).click();
  await at(page, '/user/transactions');
}

async function transactionsShown(page: Page): Promise<void> {
  await shown(page.getByRole('heading', { name: 'Transactions', exact: true }), 30_000);
  await shown(page.getByRole('table', { name: 'Transaction history' }).getByRole('row').filter({ hasText: 'Deposit' }).filter({ hasText: '$250.00' }));
}

/** A toast raised by the remote (Deposit's own check), in the shell's one Notifications region. */
async function remoteToast(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Deposit', exact: true }).click();
  await at(page, '/user/deposit');
  await page.getByRole('listitem', { name: 'Bitcoin', exact: true }).getByRole('button', { name: /Fund/ }).first().click();
  const dialog = await shown(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: 'Deposit now' }).click();
  const regions = page.getByRole('region', { name: 'Notifications' });
  await shown(regions.getByText('Please enter an amount.', { exact: true }));
  expect(await regions.count()).toBe(1);
  // The footer's Close (the corner's × has the same name).
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await gone(dialog);
}

/** `pnpm deploy:app user-app <dir> …` (the script itself: no pnpm start-up per call). */
function deployApp(dir: string, ...args: string[]): string {
  return execFileSync(process.execPath, [join(repoRoot, 'scripts/deploy-app.mjs'), 'user-app', dir, ...args], { encoding: 'utf8', stdio: 'pipe' });
}

function newDeployDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'halcyon-skew-cdn-'));
  deployDirs.push(dir);
  return dir;
}

const liveRelease = (dir: string) => (JSON.parse(readFileSync(join(dir, 'releases.json'), 'utf8')) as { live: string }).live;

/** Marks the open document; `reloaded` is true once another document replaced it. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { skewMark: true }));
  return async () => !(await page.evaluate(() => 'skewMark' in window));
}

test('case 1: this shell with a user-app built against shared-ui 1.1.0 and api-client 1.1.0: their new exports show, one session, the shell\'s toasts, one sign-out', async () => {
  const { user } = cdns();
  const dist = await built('userNew');
  user.setRoot(dist);
  const { inv } = await fundedInvestor('skew1', 250);
  const page = await open();
  const requests = requestsFrom(user);

  await step(page, 'case 1: the dashboard shows the new component and the investor\'s own figures', async () => {
    await loginInvestor(page, inv.email, inv.password);
    const note = await shown(releaseNote(page), 30_000);
    await shown(note.getByText(RELEASE_NOTE.text(NEW), { exact: true }));
    // api-client 1.1.0's new export reads who is signed in from the seam: the shell's one login.
    await shown(note.getByText(signedInLine(inv.name, NEW), { exact: true }));
    await dashboardOf(page, inv);
    // The remote brought its own copies (the page's 1.0.0 does not satisfy ^1.1.0).
    expect(requests()).toEqual(expect.arrayContaining([`/${sharedFiles(dist, '@halcyon/shared-ui')[0]}`, `/${sharedFiles(dist, '@halcyon/api-client/react')[0]}`]));
  });

  await step(page, 'case 1: a toast raised inside the remote shows in the shell\'s container', () => remoteToast(page));

  await step(page, 'case 1: signing out from the account menu signs out the shell too', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await shown(releaseNote(page));
    const token = await page.evaluate(() => {
      // The seam's stored session (seam/src/session.ts STORAGE_KEYS.user): the token this page signed in with.
      const stored = sessionStorage.getItem('halcyon:user') ?? localStorage.getItem('halcyon:user');
      return stored ? (JSON.parse(stored) as { token?: string }).token ?? null : null;
    });
    expect(token).toEqual(expect.any(String));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await at(page, '/auth/login');
    await shown(field(page, 'Email'));
    // The shell's guard reads the same session: the user area now sends to the login page.
    await page.goto(url('/user/main'));
    await at(page, '/auth/login');
    await shown(field(page, 'Email'));
    // And the server ended it (the remote's own api-client copy called the API at the seam's base URL).
    await expect(call('GET', '/user/profile', { token: token ?? '' })).rejects.toMatchObject({ status: 401 });
  });
}, 240_000);

test('case 3: a user-app built for seam 2.0.0 (its manifest says so) is refused with the panel; the rest of the shell works; Reload page gets the current release', async () => {
  const { user, admin } = cdns();
  const dist = userSeam2;
  expect(readManifest(dist).shared.find((s) => s.name === '@halcyon/seam')?.requiredVersion).toBe('^2.0.0');
  user.setRoot(dist);
  const { inv } = await fundedInvestor('skew3', 250);
  const page = await open();
  const requests = requestsFrom(user);

  await step(page, 'case 3: the user area shows the refusal', async () => {
    await loginInvestor(page, inv.email, inv.password);
    const refused = await shown(panel(page), 30_000);
    await shown(refused.getByText(REFUSED, { exact: true }));
    await shown(refused.getByRole('button', { name: 'Reload page' }));
    await shown(refused.getByRole('link', { name: 'Go to home' }).or(refused.getByRole('button', { name: 'Go to home' })));
    // Refused from its manifest, before any of its code ran.
    expect(requests()).toContain('/mf-manifest.json');
    expect(requests()).not.toContain('/remoteEntry.js');
  });

  const adminPage = await open();
  const adminRequests = requestsFrom(admin);
  await step(adminPage, 'case 3: meanwhile the admin area (the other remote) works', async () => {
    await loginAdmin(adminPage);
    await shown(adminPage.getByRole('heading', { name: 'Overview', level: 1 }), 30_000);
    expect(adminRequests()).toContain('/remoteEntry.js');
  });

  await step(page, 'case 3: once the current release is live, Reload page shows the dashboard', async () => {
    user.setRoot(thisUserApp);
    await page.getByRole('button', { name: 'Reload page' }).click();
    await dashboardOf(page, inv);
    expect(await panel(page).count()).toBe(0);
  });
}, 240_000);

test('case 4: admin-app down (503) while user-app works: the admin area shows the panel after the retries, the investor\'s pages work, Retry loads it once back', async () => {
  const { user, admin } = cdns();
  user.setRoot(thisUserApp);
  admin.answer(503);
  try {
    const adminPage = await open();
    const adminRequests = requestsFrom(admin);
    await step(adminPage, 'case 4: the admin area shows the error panel with Retry', async () => {
      await loginAdmin(adminPage);
      const failed = await shown(panel(adminPage), 30_000);
      await shown(failed.getByText(CHECK_CONNECTION, { exact: false }));
      await shown(failed.getByRole('button', { name: 'Retry' }));
      expect(adminRequests().filter((r) => r === '/mf-manifest.json')).toHaveLength(MANIFEST_ATTEMPTS);
    });

    const { inv } = await fundedInvestor('skew4', 250);
    const page = await open();
    await step(page, 'case 4: meanwhile an investor\'s pages work', async () => {
      await loginInvestor(page, inv.email, inv.password);
      await dashboardOf(page, inv);
      await openTransactions(page);
      await transactionsShown(page);
    });

    await step(adminPage, 'case 4: the origin is back: Retry loads the admin area', async () => {
      admin.answer(null);
      await adminPage.getByRole('button', { name: 'Retry' }).click();
      await shown(adminPage.getByRole('heading', { name: 'Overview', level: 1 }), 30_000);
      expect(await panel(adminPage).count()).toBe(0);
    });
  } finally {
    admin.answer(null);
  }
}, 240_000);

test('case 5: a screen\'s chunk deleted after the page loaded: the panel, and Retry once it is back; with a new release live, the page moves to it', async () => {
  const { user } = cdns();
  const dir = newDeployDir();
  deployApp(dir, '--from', thisUserApp);
  user.setRoot(dir);
  const chunk = chunkWith(thisUserApp, TRANSACTIONS_SOURCE);
  const hide = () => renameSync(join(dir, chunk), join(dir, `${chunk}.hidden`));
  const restore = () => renameSync(join(dir, `${chunk}.hidden`), join(dir, chunk));
  const { inv } = await fundedInvestor('skew5', 250);
  const page = await open();

  await step(page, 'case 5: no new release: the Transactions chunk gone shows the panel', async () => {
    await loginInvestor(page, inv.email, inv.password);
    await dashboardOf(page, inv);
    const reloaded = await markDocument(page);
    hide();
    await openTransactions(page);
    const failed = await shown(panel(page), 30_000);
    await shown(failed.getByText(CHECK_CONNECTION, { exact: false }));
    await shown(failed.getByRole('button', { name: 'Retry' }));
    expect(await reloaded()).toBe(false);
  });

  await step(page, 'case 5: the file is back: Retry shows Transactions', async () => {
    restore();
    await page.getByRole('button', { name: 'Retry' }).click();
    await transactionsShown(page);
  });

  await step(page, 'case 5: a new release is live and the old chunk gone: the page moves to the new release', async () => {
    await page.goto(url('/user/main'));
    await dashboardOf(page, inv);
    await shown(marketsHeading(page, MARKETS.before));
    const reloaded = await markDocument(page);
    const release1 = liveRelease(dir);
    const newDist = await built('userNew');
    deployApp(dir, '--from', newDist);
    expect(liveRelease(dir)).not.toBe(release1);
    expect(existsSync(join(newDist, chunk))).toBe(false); // the new release has its own Transactions chunk
    hide();
    await openTransactions(page);
    await transactionsShown(page);
    await shown(releaseNote(page));
    await shown(marketsHeading(page, MARKETS.after));
    expect(await reloaded()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/user/transactions');
    expect(await panel(page).count()).toBe(0);
    restore();
  });
}, 240_000);

/** The shell's built files with their times: a deploy of a remote must leave them as they are. */
const shellFiles = () => readdirSync(join(repoRoot, 'shell/dist')).map((name) => `${name}@${statSync(join(repoRoot, 'shell/dist', name)).mtimeMs}`).sort();

test('case 6: a rollback: release 2\'s change shows after a reload, and after deploy:app --rollback release 1\'s page is back', async () => {
  const { user } = cdns();
  const dir = newDeployDir();
  deployApp(dir, '--from', thisUserApp);
  const release1 = liveRelease(dir);
  user.setRoot(dir);
  const { inv } = await fundedInvestor('skew6', 250);
  const page = await open();
  // The remote comes from its own origin only, named by /config.json (the CSP follows it), and its
  // releases reach the open shell without the shell being rebuilt.
  const fromShellOrigin: string[] = [];
  page.on('request', (r) => {
    const requested = new URL(r.url());
    if (requested.origin === runInfo().baseUrl && requested.pathname.startsWith('/remotes/user-app/')) fromShellOrigin.push(requested.pathname);
  });
  const shellBefore = shellFiles();
  const config = (await (await fetch(url('/config.json'))).json()) as { remotes: { user_app: string } };
  expect(config.remotes.user_app).toBe(`${user.url}/mf-manifest.json`);

  await step(page, 'case 6: release 1', async () => {
    await loginInvestor(page, inv.email, inv.password);
    await dashboardOf(page, inv);
    await shown(marketsHeading(page, MARKETS.before));
    expect(await releaseNote(page).count()).toBe(0);
  });

  await step(page, 'case 6: release 2 shows after a reload', async () => {
    deployApp(dir, '--from', await built('userNew'));
    await page.reload();
    await shown(marketsHeading(page, MARKETS.after), 30_000);
    await shown(releaseNote(page).getByText(signedInLine(inv.name, NEW), { exact: true }));
    await dashboardOf(page, inv);
  });

  await step(page, 'case 6: after the rollback, release 1 again', async () => {
    deployApp(dir, '--rollback');
    expect(liveRelease(dir)).toBe(release1);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
    await page.reload();
    await shown(marketsHeading(page, MARKETS.before), 30_000);
    await gone(releaseNote(page));
    await dashboardOf(page, inv);
    expect(await releaseNote(page).count()).toBe(0);
    expect(fromShellOrigin).toEqual([]);
    expect(shellFiles()).toEqual(shellBefore);
  });
}, 240_000);

// Last: the newer shell's build (the longest, with its sign-in pages) runs while the cases above do.
test('case 2: a user-app older than the shell (this tree\'s, under a shell with seam, shared-ui and api-client 1.1.0): the investor\'s pages work', async () => {
  const { user } = cdns();
  user.setRoot(thisUserApp);
  const shellDist = await built('shellAhead');
  if (!aheadProduct) throw new Error('the second product was not set up');
  useProduct((await aheadProduct).baseUrl);
  try {
    const scriptsOf = (html: string) => [...html.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1]);
    const served = await (await fetch(url('/user/main'))).text();
    // The page is the newer shell's, not this tree's.
    expect(scriptsOf(served)).toEqual(scriptsOf(readFileSync(join(shellDist, 'index.html'), 'utf8')));
    expect(scriptsOf(served)).not.toEqual(scriptsOf(readFileSync(join(repoRoot, 'shell/dist/index.html'), 'utf8')));

    const { inv } = await fundedInvestor('skew2', 250);
    const page = await open();
    const requests = requestsFrom(user);
    await step(page, 'case 2: the dashboard', async () => {
      await loginInvestor(page, inv.email, inv.password);
      await dashboardOf(page, inv);
      await shown(marketsHeading(page, MARKETS.before));
      // The remote takes the page's newer shared-ui and api-client (they satisfy its ^1.0.0): not its own.
      const own = [...sharedFiles(thisUserApp, '@halcyon/shared-ui'), ...sharedFiles(thisUserApp, '@halcyon/api-client/react')].map((f) => `/${f}`);
      expect(requests().filter((r) => own.includes(r))).toEqual([]);
    });
    await step(page, 'case 2: Transactions', async () => {
      await openTransactions(page);
      await transactionsShown(page);
    });
    await step(page, 'case 2: a toast raised inside the remote', () => remoteToast(page));
  } finally {
    useProduct(product?.baseUrl);
  }
}, 240_000);
