// A second origin for the remote (issue 6, item 5): plain static files on its own port, like a CDN
// the shell knows only through /config.json. It sends what a deploy's `_headers` asks of a real
// static host (scripts/deploy-app.mjs, docs/deploying.md): CORS on every file, a year and
// `immutable` for content-hashed names, `no-cache` for the rest (manifest, remoteEntry.js, pages).
// Files are read at each request, so a test may change or delete them between requests, point the
// server at another folder (`setRoot`: another build or deploy folder behind the same origin) or
// make it answer every request with an error status (`answer(503)`: the origin is down).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { cacheControl } from '../../server/src/http/cache-rules.cjs';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.css': 'text/css',
  '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.map': 'application/json', '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  port: number;
  /** Paths asked for, in order (every request, whatever it was answered). */
  requests: string[];
  /** Serves another folder from the next request on. */
  setRoot: (dir: string) => void;
  /** `503` (or any status): every request gets it, uncached; `null`: serve files again. */
  answer: (status: number | null) => void;
  close: () => Promise<void>;
}

export function serveStatic(initialRoot: string, port = 0): Promise<StaticServer> {
  const requests: string[] = [];
  let root = initialRoot;
  let failure: number | null = null;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    res.setHeader('access-control-allow-origin', '*');
    if (failure !== null) {
      res.statusCode = failure;
      res.setHeader('cache-control', 'no-store');
      return res.end('unavailable');
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(normalize(root)) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.setHeader('cache-control', 'no-store'); // a file deleted now may be back later
      return res.end('not found');
    }
    res.setHeader('cache-control', cacheControl(path) ?? 'no-cache');
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actual}`,
        port: actual,
        requests,
        setRoot: (dir) => {
          root = dir;
        },
        answer: (status) => {
          failure = status;
        },
        close: () => new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
      });
    });
  });
}
