// The dashboard's frame (issue 32), written after `rspack build` to dist/frames/main.json: the page
// /user/main as the app first shows it (its layout, the welcome with the session's name, the
// figures' placeholders: Dashboard's Arriving), so that the server can send it inside the shell's
// HTML and it paints before any script. The shell keeps it on screen until the app shows the same
// heading (shell/src/boot/heldFrame.ts). Bundled and run by scripts/prerender.mjs.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { Provider as StoreProvider } from 'jotai';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { GlobalStyle, theme } from '@halcyon/shared-ui';
import { STORAGE_KEYS } from '@halcyon/seam';
import { brandAtom, store, userSessionAtom } from '@halcyon/api-client/http';
import { QueryClientProvider, queryClient } from '@halcyon/api-client/react';
import App from '../src/App';
import { fillFrame } from './fillFrame';

/** What the frame shows where the name goes; fillFrame puts the session's name there. */
const SENTINEL = 'HALCYON_SESSION_NAME';
const PATH = '/user/main';
/** The app's element that stands for the frame: once the app shows it, the frame goes. */
const UNTIL = '#welcome-title';

const BRAND = 'Halcyon';

const dist = process.argv[2] ?? '';

function main(): void {
  // The brand comes from /config.json at run time: the server sends the frame only with its own (http/frames.ts).
  store.set(brandAtom, BRAND);
  store.set(userSessionAtom, { user: { uid: '', name: SENTINEL, email: '', username: '', profilePic: null }, token: 'frame', remember: false });
  const sheet = new ServerStyleSheet();
  let markup: string;
  let styles: string;
  try {
    markup = renderToString(
      sheet.collectStyles(
        <StoreProvider store={store}>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            <QueryClientProvider client={queryClient}>
              <StaticRouter location={PATH}>
                <Routes>
                  <Route path="/user/*" element={<App />} />
                </Routes>
              </StaticRouter>
            </QueryClientProvider>
          </ThemeProvider>
        </StoreProvider>,
      ),
    );
    // Not marked as styled-components' own: its browser copy would take them in at start (parse
    // them, insert each rule again, remove the tags: a restyle of the frame on screen), for markup
    // the app replaces anyway. They stay for the frame alone.
    styles = sheet.getStyleTags().replace(/ data-styled="[^"]*" data-styled-version="[^"]*"/g, ' data-frame');
  } finally {
    sheet.seal();
    // The render's query would keep the process alive until its cache time ran out.
    queryClient.clear();
  }
  if (!markup.includes(SENTINEL)) throw new Error('frame: the dashboard did not render the session name');
  if (!styles.includes('<style data-frame>')) throw new Error("frame: styled-components' style tags changed form");
  const script = `(${fillFrame.toString()})(document.getElementById('root'),${JSON.stringify(STORAGE_KEYS.user)},${JSON.stringify(SENTINEL)})`;
  const frame = { path: PATH, until: UNTIL, brand: BRAND, styles, markup, script };
  mkdirSync(join(dist, 'frames'), { recursive: true });
  writeFileSync(join(dist, 'frames', 'main.json'), JSON.stringify(frame));
  console.log(`prerender: ${PATH} frame → dist/frames/main.json (${markup.length} bytes of markup)`);
}

main();
