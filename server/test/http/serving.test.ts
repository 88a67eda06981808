import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { routes } from '@halcyon/api-client/contract';
import { setupTestServer } from '../harness';

// A fake build of the frontends, served as docs/frontend-contract.md "Serving" says.
const root = mkdtempSync(join(tmpdir(), 'halcyon-static-'));
mkdirSync(join(root, 'shell/dist/assets'), { recursive: true });
mkdirSync(join(root, 'user-app/dist'), { recursive: true });
writeFileSync(join(root, 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
// The sign-in page the shell's build renders to HTML (shell/prerender).
writeFileSync(join(root, 'shell/dist/login.html'), '<!doctype html><title>shell</title><form>Welcome back</form>');
writeFileSync(join(root, 'shell/dist/register.html'), '<!doctype html><title>shell</title><form>Create your account</form>');
writeFileSync(join(root, 'shell/dist/assets/main.js'), 'console.log(1)');
// What the federated shell's pages load at start, and what a remote's page adds (mf-shared.cjs PagePreloadsPlugin).
writeFileSync(join(root, 'shell/dist/page-preloads.json'), JSON.stringify({ start: ['main.0123abcd.js', '435.aaaa1111.js'], remotes: ['595.bbbb2222.js'] }));
writeFileSync(
  join(root, 'user-app/dist/mf-manifest.json'),
  JSON.stringify({
    name: 'user_app',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: [{ path: './App', assets: { js: { sync: ['__federation_expose_App.1a2b3c4d.js'], async: ['screen.5e6f7a8b.js'] } } }],
  }),
);
// A content-hashed chunk with the brotli sibling the frontend build writes (mf-shared.cjs).
const chunk = `console.log(${JSON.stringify('x'.repeat(2000))})`;
writeFileSync(join(root, 'shell/dist/main.0123abcd.js'), chunk);
writeFileSync(join(root, 'shell/dist/main.0123abcd.js.br'), brotliCompressSync(chunk));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const logs: string[] = [];
const t = setupTestServer(
  { staticRoot: root, logLevel: 'debug', corsOrigins: ['https://shell.example.com'] },
  { logStream: { write: (line: string) => void logs.push(line) } },
);

describe('static serving', () => {
  test('the shell at / and its history fallback for client routes; the sign-in pages\' own HTML at /, /auth/login and /auth/register', async () => {
    for (const path of ['/', '/auth/login']) {
      const login = await t().fetch(path);
      expect(login.status).toBe(200);
      expect(login.headers.get('cache-control')).toBe('no-cache');
      expect(login.headers.get('link')).toContain('/config.json');
      expect(await login.text()).toContain('<form>Welcome back</form>');
    }
    expect(await (await t().fetch('/auth/register')).text()).toContain('<form>Create your account</form>');
    for (const path of ['/admin-auth/admin-login', '/auth/forget_password']) expect(await (await t().fetch(path)).text()).not.toContain('<form>');
    const deep = await t().fetch('/user/main');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(await deep.text()).toContain('<title>shell</title>');
    const asset = await t().fetch('/assets/main.js');
    expect(await asset.text()).toBe('console.log(1)');
  });

  test('the remotes under /remotes/<pkg>/ with CORS; a remote that was not built is a JSON 404', async () => {
    const manifest = await t().fetch('/remotes/user-app/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const missing = await t().fetch('/remotes/admin-app/mf-manifest.json');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No route GET /remotes/admin-app/mf-manifest.json', code: 'NOT_FOUND' });
  });

  test('hashed chunks: the precompressed file when the browser accepts it, cached for a year', async () => {
    const br = await t().fetch('/main.0123abcd.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(chunk);
    const plain = await t().fetch('/main.0123abcd.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(chunk);
  });

  test('unknown /api paths stay JSON 404s, never the shell', async () => {
    const res = await t().fetch('/api/user/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No route GET /api/user/nothing', code: 'NOT_FOUND' });
  });

  test('pages preload what their first paint waits for: the config; on the federated shell\'s pages its start scripts; under a remote its manifest, entry and App chunks and the shared query library', async () => {
    const config = '</config.json>; rel=preload; as=fetch; crossorigin=anonymous';
    // The sign-in pages have their own entry (no federation): the config only.
    expect((await t().fetch('/')).headers.get('link')).toBe(config);
    expect((await t().fetch('/auth/login')).headers.get('link')).toBe(config);
    expect((await t().fetch('/login.html')).headers.get('link')).toBe(config);
    const start = [config, '</main.0123abcd.js>; rel=preload; as=script', '</435.aaaa1111.js>; rel=preload; as=script'];
    expect((await t().fetch('/user/main')).headers.get('link')).toBe(
      [
        ...start,
        '</remotes/user-app/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
        '</remotes/user-app/remoteEntry.js>; rel=preload; as=script',
        '</remotes/user-app/__federation_expose_App.1a2b3c4d.js>; rel=preload; as=script',
        '</595.bbbb2222.js>; rel=preload; as=script',
      ].join(', '),
    );
    // The admin remote was not built here: its manifest only; the admin's own login is a shell page.
    expect((await t().fetch('/admin/overview')).headers.get('link')).toBe(
      [...start, '</remotes/admin-app/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous', '</595.bbbb2222.js>; rel=preload; as=script'].join(', '),
    );
    expect((await t().fetch('/admin-auth/admin-login')).headers.get('link')).toBe(start.join(', '));
    expect((await t().fetch('/index.html')).headers.get('link')).toBe(start.join(', '));
    expect((await t().fetch('/remotes/user-app/mf-manifest.json')).headers.get('link')).toBeNull();
    // The list the sign-in page prefetches from (shell/src/entry/prefetchApp.ts) changes with each build.
    expect((await t().fetch('/page-preloads.json')).headers.get('cache-control')).toBe('no-cache');
  });

  test('GET /robots.txt is a robots file, not the app\'s page: public pages allowed, the app\'s screens and the API not', async () => {
    const res = await t().fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /user/', 'Disallow: /admin/', 'Disallow: /api/', 'Allow: /']));
  });

  test('GET /config.json is the runtime config, never cached', async () => {
    const res = await t().fetch('/config.json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      apiBaseUrl: '/api',
      brand: 'Halcyon',
      remotes: { user_app: '/remotes/user-app/mf-manifest.json', admin_app: '/remotes/admin-app/mf-manifest.json' },
    });
  });
});

describe('headers', () => {
  test('pages: security headers, with a CSP that allows the market widgets and nothing foreign otherwise', async () => {
    const res = await t().fetch('/user/main');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://s3.tradingview.com;");
    expect(csp.split(';')).toContain('frame-src https://www.tradingview-widget.com https://s.tradingview.com https://www.tradingview.com');
    // Hosts by name only: a wildcard would let any tradingview.com subdomain run scripts here.
    expect(csp).not.toContain('*');
    expect(csp).toContain("object-src 'none'");
    // Plain-http deployments (localhost, CI) must keep working.
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  test('API answers: never stored, nothing in them may load or be framed', async () => {
    for (const path of ['/api/health', '/api/user/profile', '/api/no-such-route']) {
      const res = await t().fetch(path);
      expect({ path, cache: res.headers.get('cache-control'), csp: res.headers.get('content-security-policy'), frame: res.headers.get('x-frame-options') }).toEqual({
        path,
        cache: 'no-store',
        csp: "default-src 'none'; frame-ancestors 'none'",
        frame: 'DENY',
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  test('CORS answers configured origins only', async () => {
    const preflight = (origin: string) =>
      t().fetch('/api/auth/login', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' } });
    const allowed = await preflight('https://shell.example.com');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shell.example.com');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await preflight('https://evil.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('OpenAPI', () => {
  test('the document at /api/docs/json describes every route of the contract with its summary', async () => {
    const doc = (await (await t().fetch('/api/docs/json')).json()) as { openapi: string; paths: Record<string, Record<string, { summary?: string; operationId?: string }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [name, r] of Object.entries(routes)) {
      const path = `/api${r.path.replace(/:(\w+)/g, '{$1}')}`;
      expect({ name, op: doc.paths[path]?.[r.method.toLowerCase()]?.operationId, summary: doc.paths[path]?.[r.method.toLowerCase()]?.summary }).toEqual({ name, op: name, summary: r.summary });
    }
    const register = doc.paths['/api/auth/register']?.post as unknown as { requestBody: { content: Record<string, { schema: { required: string[] } }> } };
    expect(register.requestBody.content['application/json']?.schema.required).toEqual(expect.arrayContaining(['email', 'password', 'username']));
  });

  test('the docs page is served at /api/docs', async () => {
    const res = await t().fetch('/api/docs');
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/swagger/i);
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });
});

describe('logs', () => {
  test('never contain passwords, tokens or Authorization headers, even at debug level', async () => {
    const user = await t().registerUser({ password: 'VerySecret999!' });
    await t().call('getProfile', { token: user.token });
    await t().call('login', { body: { email: user.email, password: 'WrongSecret888!' } });
    const text = logs.join('');
    expect(text).toContain('/api/user/profile');
    expect(text).not.toContain('VerySecret999!');
    expect(text).not.toContain('WrongSecret888!');
    expect(text).not.toContain(user.token);
    expect(text.toLowerCase()).not.toContain('bearer');
  });

  test('a reset link appears only in the debug-level mail body, and a reset token in a URL is masked', async () => {
    const user = await t().registerUser();
    await t().call('forgotPassword', { body: { email: user.email } });
    const token = /token=([\w-]+)/.exec(t().mails[0]?.text ?? '')?.[1] ?? '';
    const lines = logs.filter((l) => l.includes(token)).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: 'mail body' })]);
    await t().fetch(`/auth/reset_password?token=${token}&email=x`);
    expect(logs.filter((l) => l.includes(token))).toHaveLength(1);
  });
});
