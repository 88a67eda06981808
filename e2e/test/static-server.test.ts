// The test suite's stand-in CDN (src/static-server.ts) serves a remote as a real static host serves
// a `pnpm deploy:app` folder (scripts/deploy-app.mjs): the caching its `_headers` names, file by
// file, and CORS. No browser: plain requests to a release of the built user-app.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../src/run-info';
import { serveStatic, type StaticServer } from '../src/static-server';

let dir = '';
let cdn: StaticServer | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'halcyon-cdn-'));
  execFileSync(process.execPath, [join(repoRoot, 'scripts/deploy-app.mjs'), 'user-app', dir], { stdio: 'pipe' });
  cdn = await serveStatic(dir);
});

afterAll(async () => {
  await cdn?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `path`'s Cache-Control as Netlify and Cloudflare Pages read `_headers`: the values of every rule that matches, joined. */
function headersFileCacheControl(path: string): string {
  const rules = readFileSync(join(dir, '_headers'), 'utf8').split(/\n(?=\/)/).filter((block) => block.startsWith('/'));
  const matching = rules.filter((block) => {
    const pattern = block.split('\n')[0] ?? '';
    return pattern.endsWith('*') ? `/${path}`.startsWith(pattern.slice(0, -1)) : `/${path}` === pattern;
  });
  return matching.flatMap((block) => [...block.matchAll(/^ {2}Cache-Control: (.+)$/gm)].map((m) => m[1])).join(', ');
}

const fetchFile = (path: string) => fetch(`${cdn?.url}/${path}`);

test('every file of a release gets the Cache-Control its _headers names, and CORS', async () => {
  const files = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile() && !['_headers', 'releases.json'].includes(name));
  expect(files).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js', 'index.html']));
  const served = await Promise.all(files.map(async (path) => {
    const res = await fetchFile(path);
    return { path, status: res.status, cache: res.headers.get('cache-control'), cors: res.headers.get('access-control-allow-origin') };
  }));
  expect(served).toEqual(files.map((path) => ({ path, status: 200, cache: headersFileCacheControl(path), cors: '*' })));
  const cacheOf = (path: string) => served.find((s) => s.path === path)?.cache;
  expect([cacheOf('mf-manifest.json'), cacheOf('remoteEntry.js'), cacheOf('index.html')]).toEqual(['no-cache', 'no-cache', 'no-cache']);
  const chunk = files.find((name) => /^__federation_expose_App\.[0-9a-f]{8}\.js$/.test(name)) ?? '';
  expect(cacheOf(chunk)).toBe('public, max-age=31536000, immutable');
});

test('a file taken away is a 404 no cache keeps; put back, it is served again', async () => {
  const chunk = readdirSync(dir).find((name) => /^__federation_expose_App\.[0-9a-f]{8}\.js$/.test(name)) ?? '';
  renameSync(join(dir, chunk), join(dir, `${chunk}.away`));
  const gone = await fetchFile(chunk);
  expect([gone.status, gone.headers.get('cache-control'), gone.headers.get('access-control-allow-origin')]).toEqual([404, 'no-store', '*']);
  renameSync(join(dir, `${chunk}.away`), join(dir, chunk));
  expect((await fetchFile(chunk)).status).toBe(200);
});
