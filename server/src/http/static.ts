import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import { cacheControl } from './cache-rules.cjs';
import type { Frames, FramedPage } from './frames';
import { pagePreloads } from './preload';

/** The workspace root (the folder with pnpm-workspace.yaml) above this file, in sources and in dist. */
function workspaceRoot(start = __dirname): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** Where the builds are: STATIC_ROOT, else the workspace this server runs from. */
export function staticRoot(config: Config): string {
  return config.staticRoot ? resolve(config.staticRoot) : workspaceRoot();
}

/** A framed page in the encoding the browser takes best (the frame's HTML is composed in memory, not a file). */
function sendFramed(reply: FastifyReply, page: FramedPage, accepts: string): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** Pages the shell's build renders to HTML (shell/prerender/pages.tsx), by path. */
const PRERENDERED: Readonly<Record<string, string>> = { '/': 'login.html', '/auth/login': 'login.html', '/auth/register': 'register.html' };

const ROBOTS = ['User-agent: *', 'Disallow: /user/', 'Disallow: /admin/', 'Disallow: /admin-auth/', 'Disallow: /api/', 'Disallow: /remotes/', 'Allow: /', ''].join('\n');

/**
 * docs/frontend-contract.md "Serving": the shell at / with history fallback, the remotes under
 * /remotes/<pkg>/ (with CORS, the shell may live elsewhere), and the runtime /config.json.
 * Only folders that exist at start are served; the API works without any of them.
 */
export async function registerStatic(app: FastifyInstance, config: Config, root: string, frames: Frames): Promise<void> {
  const shellDir = join(root, 'shell', 'dist');
  const hasShell = existsSync(join(shellDir, 'index.html'));
  // The sign-in page's own HTML, form and styles included (shell/prerender): it paints before any script.
  // Looked up once, at start (as the folders are): not a file-system call per page load.
  const built = new Map(Object.entries(PRERENDERED).filter(([, file]) => existsSync(join(shellDir, file))));
  const pageFile = (path: string) => built.get(path) ?? 'index.html';
  const signinFiles = new Set(built.values());
  const sendPage = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    // A remote's screen frame in the shell's page (http/frames.ts), for a path that has one.
    const framed = frames.pages.get(path);
    const kind = built.has(path) ? 'signin' : framed ? 'framed' : 'app';
    reply.header('cache-control', 'no-cache').header('link', preloads(path, kind)).type('text/html; charset=utf-8');
    return framed ? sendFramed(reply, framed, request.headers['accept-encoding'] ?? '') : reply.sendFile(pageFile(path), shellDir);
  };
  const preloads = pagePreloads(config, root);
  const setHeaders = (cors: boolean) => (reply: FastifyReply, path: string) => {
    if (/\.html(\.br|\.gz)?$/.test(path) && !cors && !reply.hasHeader('link')) reply.header('link', preloads('/', signinFiles.has(basename(path).replace(/\.(br|gz)$/, '')) ? 'signin' : 'app'));
    // `path` is the file sent, which may be the precompressed .br/.gz sibling.
    const cache = cacheControl(path);
    if (cache) reply.header('cache-control', cache);
    if (cors) reply.header('access-control-allow-origin', '*');
  };

  app.get('/config.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      apiBaseUrl: config.apiBaseUrl,
      brand: config.brand,
      remotes: { user_app: config.userAppUrl, admin_app: config.adminAppUrl },
    };
  });

  // A real robots file (a crawler asked for it got the app's page): the public pages may be
  // indexed; an investor's and an admin's screens, the API and the remotes' files may not.
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8');
    return ROBOTS;
  });

  let decorated = false;
  for (const [pkg, prefix] of [['user-app', '/remotes/user-app/'], ['admin-app', '/remotes/admin-app/']] as const) {
    const dir = join(root, pkg, 'dist');
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, { root: dir, prefix, decorateReply: !decorated, setHeaders: setHeaders(true), index: false, preCompressed: true, cacheControl: false });
    decorated = true;
  }
  if (hasShell) {
    await app.register(fastifyStatic, { root: shellDir, prefix: '/', decorateReply: !decorated, setHeaders: setHeaders(false), wildcard: true, index: ['index.html'], preCompressed: true, cacheControl: false });
    // '/' is the investor login, which has its own HTML (the static plugin would send index.html).
    app.route({ method: ['GET', 'HEAD'], url: '/', schema: { hide: true }, handler: (request, reply) => sendPage(request, reply, '/') });
    // An unknown /api path is the API's 404, never a file lookup in the shell (a name too long for
    // the file system would be @fastify/static's 403). API routes are more specific and win.
    app.route({ method: ['GET', 'HEAD'], url: '/api/*', schema: { hide: true }, handler: (_request, reply) => reply.callNotFound() });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !path.startsWith('/remotes/');
    // History fallback: /user/main and friends are client-side routes of the shell.
    if (hasShell && isPage) return sendPage(request, reply, path);
    return reply.code(404).send({ message: `No route ${request.method} ${path}`, code: 'NOT_FOUND' });
  });
}
