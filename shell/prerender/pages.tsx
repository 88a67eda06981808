// The sign-in pages' HTML, written after `rspack build` next to index.html (issue 32): the form
// and its styles paint from the first bytes, before any JavaScript has loaded. The app replaces
// this markup when it starts (createRoot clears #root on its first commit) and carries over what
// was typed meanwhile (src/boot/bootForm.ts). Bundled and run by scripts/prerender.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { Providers } from '../src/app/Providers';
import { AppRoutes, preloadScreens } from '../src/app/AppRoutes';
import { openAppPage } from '../src/entry/OpenApp';

/** The pages and the files they become (server/src/http/static.ts serves them at those paths). */
const PAGES = [
  { path: '/auth/login', file: 'login.html' },
  { path: '/auth/register', file: 'register.html' },
];

/** The build's output folder (scripts/prerender.mjs passes it). */
const dist = process.argv[2] ?? '';
// The sign-in build's page (rspack.signin.config.cjs): its scripts, not the federated app's.
const template = readFileSync(join(dist, 'signin', 'page.html'), 'utf8');
const config = { apiBaseUrl: '/api', brand: 'Halcyon', remotes: { user_app: '', admin_app: '' } };

async function main(): Promise<void> {
  // The lazy screens' code, so that register renders itself rather than its loading state.
  await preloadScreens();
  for (const page of PAGES) renderPage(page);
}

function renderPage(page: (typeof PAGES)[number]): void {
  // What the browser's first render sees: WebAuthn present (nearly every browser), so that the
  // passkey button is in the markup and nothing moves when the app takes over.
  const g = globalThis as { window?: unknown };
  g.window = { PublicKeyCredential: function PublicKeyCredential() {}, location: { pathname: page.path } };
  const sheet = new ServerStyleSheet();
  let markup: string;
  try {
    markup = renderToString(
      sheet.collectStyles(
        <Providers config={config}>
          <StaticRouter location={page.path}>
            <AppRoutes remotePage={openAppPage} />
          </StaticRouter>
        </Providers>,
      ),
    );
  } finally {
    delete g.window;
  }
  const styles = sheet.getStyleTags();
  sheet.seal();
  // Until the app runs, the form cannot be sent (it would put the password in the URL).
  const inert = markup.replace(/<button type="submit"/g, '<button type="submit" disabled=""');
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  const html = template.replace('</head>', `${styles}</head>`).replace('<div id="root"></div>', `<div id="root">${inert}</div>`);
  writeFileSync(join(dist, page.file), html);
  // As the build does for its own files: the server sends the precompressed sibling.
  writeFileSync(join(dist, `${page.file}.gz`), gzipSync(html, { level: 9 }));
  writeFileSync(join(dist, `${page.file}.br`), brotliCompressSync(html));
  console.log(`prerender: ${page.path} → dist/${page.file} (${html.length} bytes)`);
}

void main();
