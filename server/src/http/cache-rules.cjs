// How long a built file may be cached, by its name: the product's static serving (static.ts), the
// test suite's stand-in CDN (e2e/src/static-server.ts) and `pnpm deploy:app`
// (scripts/deploy-app.mjs, which writes these rules into a deploy folder's `_headers`) decide
// alike. Plain CommonJS so that the Node script loads it as is.

/**
 * Content-hashed build output (`main.3151a699.js`, mf-shared.cjs's `[contenthash:8]`), its source
 * map and its precompressed `.gz`/`.br`: a name that always has the same bytes.
 */
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|jpe?g|gif|svg|webp|woff2?)(\.map)?(\.br|\.gz)?$/;

/** Fixed names that point at the current build: pages, the federation manifest and entry, the shell's preload list. */
const NO_CACHE = /(\.html|mf-manifest\.json|mf-manifest-stats\.json|remoteEntry\.js|page-preloads\.json)(\.br|\.gz)?$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The Cache-Control of a built file (or of the .br/.gz sibling sent for it); undefined: neither rule names it. */
function cacheControl(name) {
  if (NO_CACHE.test(name)) return 'no-cache';
  if (HASHED.test(name)) return IMMUTABLE;
  return undefined;
}

module.exports = { HASHED, IMMUTABLE, cacheControl };
