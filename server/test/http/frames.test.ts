import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { loadFrames } from '../../src/http/frames';
import { setupTestServer } from '../harness';

// Issue 32: /user/main is sent with the dashboard's frame (user-app/prerender/frame.tsx) in the
// shell's page, painted before any script; a fake build of the shell and the user remote.
const root = mkdtempSync(join(tmpdir(), 'halcyon-frames-'));
mkdirSync(join(root, 'shell/dist'), { recursive: true });
mkdirSync(join(root, 'user-app/dist/frames'), { recursive: true });
writeFileSync(
  join(root, 'shell/dist/index.html'),
  '<!doctype html><html><head><title>Halcyon</title><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(root, 'shell/dist/page-preloads.json'), JSON.stringify({ start: ['main.0123abcd.js'], remotes: ['595.bbbb2222.js'] }));
writeFileSync(
  join(root, 'user-app/dist/mf-manifest.json'),
  JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './App', assets: { js: { sync: ['app.1a2b3c4d.js'] } } }] }),
);
const frame = {
  path: '/user/main',
  until: '#welcome-title',
  brand: 'Halcyon',
  styles: '<style data-frame>.x{color:red}</style>',
  markup: '<main class="x"><h2 id="welcome-title">Welcome, HALCYON_SESSION_NAME</h2></main>',
  script: 'fillFrame()',
};
writeFileSync(join(root, 'user-app/dist/frames/main.json'), JSON.stringify(frame));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const t = setupTestServer({ staticRoot: root });

const inlineScript = (html: string) => /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';

describe('the dashboard sent with its frame', () => {
  test('the frame in #root, its styles in the head, and one inline script that the CSP allows by its hash', async () => {
    const res = await t().fetch('/user/main', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<div id="root" data-frame-until="#welcome-title">${frame.markup}</div>`);
    expect(html).toContain(`${frame.styles}</head>`);
    const script = inlineScript(html);
    expect(script.startsWith('fillFrame();')).toBe(true);
    const hash = createHash('sha256').update(script).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}' https://s3.tradingview.com;`);
    // Every page has the same CSP: the hash allows this script and nothing else inline.
    expect((await t().fetch('/user/withdraw')).headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  test('the shell\'s script starts after the frame\'s first paint, and its preloads do not compete with that paint', async () => {
    const res = await t().fetch('/user/main', { headers: { 'accept-encoding': 'identity' } });
    const html = await res.text();
    expect(html).not.toContain('<script defer');
    expect(inlineScript(html)).toContain('["/main.0123abcd.js"]');
    expect(inlineScript(html)).toContain("observe({type:'paint',buffered:true})");
    expect(res.headers.get('link')).toBe(
      [
        '</config.json>; rel=preload; as=fetch; crossorigin=anonymous',
        '</main.0123abcd.js>; rel=preload; as=script; fetchpriority=low',
        '</remotes/user-app/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
        '</remotes/user-app/remoteEntry.js>; rel=preload; as=script; fetchpriority=low',
        '</remotes/user-app/app.1a2b3c4d.js>; rel=preload; as=script; fetchpriority=low',
        '</595.bbbb2222.js>; rel=preload; as=script; fetchpriority=low',
      ].join(', '),
    );
  });

  test('compressed as the browser takes it', async () => {
    const plain = await (await t().fetch('/user/main', { headers: { 'accept-encoding': 'identity' } })).text();
    for (const encoding of ['br', 'gzip']) {
      const res = await t().fetch('/user/main', { headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(plain);
    }
  });

  test('the other pages are the shell\'s own, their scripts preloaded as before', async () => {
    const res = await t().fetch('/user/withdraw');
    const html = await res.text();
    expect(html).toContain('<script defer src="/main.0123abcd.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    expect(res.headers.get('link')).toContain('</main.0123abcd.js>; rel=preload; as=script,');
    expect(res.headers.get('link')).not.toContain('fetchpriority');
  });
});

describe('no frame where it would not match', () => {
  const frames = (env: Record<string, string>) => loadFrames(loadConfig({ ...env, NODE_ENV: 'test' }), root);

  test('the build\'s frame is used with the brand it shows and the remote build it came from', () => {
    expect([...frames({}).pages.keys()]).toEqual(['/user/main']);
    // Another brand: the frame would show the wrong one until the app started.
    expect(frames({ BRAND: 'Northwind' })).toEqual({ pages: new Map(), scriptHashes: [] });
    // A remote deployed elsewhere: its code is not the build this frame came from.
    expect(frames({ USER_APP_URL: 'https://user.example.com/mf-manifest.json' })).toEqual({ pages: new Map(), scriptHashes: [] });
  });

  test('without the builds, none (the API runs without them)', () => {
    expect(loadFrames(loadConfig({ NODE_ENV: 'test' }), join(root, 'nowhere'))).toEqual({ pages: new Map(), scriptHashes: [] });
  });
});
