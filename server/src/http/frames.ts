import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Config } from '../config';
import { REMOTES, servedHere } from './preload';

/** A screen's frame as a remote's build writes it (user-app/prerender/frame.tsx). */
interface FrameFile {
  path: string;
  /** The app's element that stands for the frame (shell/src/boot/heldFrame.ts). */
  until: string;
  /** The brand the frame was rendered with. */
  brand: string;
  styles: string;
  markup: string;
  script: string;
}

/** The shell's page with a frame in it, and its compressed forms. */
export interface FramedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface Frames {
  /** By path. */
  pages: ReadonlyMap<string, FramedPage>;
  /** The framed pages' inline scripts, as CSP sources ('sha256-…'). */
  scriptHashes: string[];
}

const isFrame = (v: unknown): v is FrameFile =>
  typeof v === 'object' && v !== null && ['path', 'until', 'brand', 'styles', 'markup', 'script'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

/** The shell's page's own scripts (its build writes them `defer` in the head). */
const DEFERRED = /<script defer src="([^"]+)"><\/script>/g;

/**
 * Starts the page's scripts once the frame's first paint is on screen: run before it (they are in
 * the head, and come at once from the preloads), they would hold that paint back for their whole
 * start on a slow phone. In order, as `defer` would; after a second at most (a tab that draws no
 * frame, a browser without paint timing).
 */
const startAfterPaint = (srcs: string[]) =>
  `(function(srcs){var go=function(){if(!srcs)return;srcs.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s)});srcs=null};` +
  `try{new PerformanceObserver(function(){setTimeout(go)}).observe({type:'paint',buffered:true})}catch(e){}setTimeout(go,1000)})(${JSON.stringify(srcs)})`;

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The pages the server sends with a screen's frame inside the shell's HTML (issue 32: the dashboard
 * paints before any script), read once at start from the builds. A frame is used only with the
 * remote build it came from (served here, so it matches the code the page then loads) and the brand
 * it shows; otherwise the page is the shell's plain one.
 */
export function loadFrames(config: Config, root: string): Frames {
  const pages = new Map<string, FramedPage>();
  const scriptHashes: string[] = [];
  const templateFile = join(root, 'shell', 'dist', 'index.html');
  if (!existsSync(templateFile)) return { pages, scriptHashes };
  const page = readFileSync(templateFile, 'utf8');
  if (!page.includes('<div id="root"></div>')) return { pages, scriptHashes };
  const srcs = [...page.matchAll(DEFERRED)].map((m) => m[1] ?? '');
  // A page whose scripts are written otherwise keeps its own form: no frame rather than no app.
  if (!srcs.length) return { pages, scriptHashes };
  const template = page.replace(DEFERRED, '');
  for (const remote of REMOTES) {
    const dir = join(root, remote.pkg, 'dist', 'frames');
    if (!servedHere(config, remote) || !existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const frame: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (!isFrame(frame) || frame.brand !== config.brand || frame.script.includes('</script')) continue;
      const script = `${frame.script};${startAfterPaint(srcs)}`;
      const html = template
        .replace('</head>', () => `${frame.styles}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root" data-frame-until="${attr(frame.until)}">${frame.markup}</div><script>${script}</script>`);
      pages.set(frame.path, { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) });
      scriptHashes.push(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
  }
  return { pages, scriptHashes };
}
