// Bundles the server into dist/main.js and the signer into dist/signer.js (ESM, Node 20): our sources and @halcyon/* workspace
// packages are inlined, node_modules stay external, migrations are copied next to the bundle.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@halcyon/'));

rmSync(join(here, 'dist'), { recursive: true, force: true });
await build({
  // The API server, and the payout signer (its own process: docs/chain.md "The signer").
  entryPoints: { main: join(here, 'src/main.ts'), signer: join(here, 'src/signer/main.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Subpaths too (e.g. @fastify/swagger-ui's static files are found from its own package).
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
  // The sources use CommonJS's __dirname (migrations, static root) and some deps call require().
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      "import { dirname as __pathDirname } from 'node:path';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      'const __dirname = __pathDirname(__filename);',
    ].join('\n'),
  },
});
cpSync(join(here, 'src/db/migrations'), join(here, 'dist/migrations'), { recursive: true });
// dist/main.js is ESM; say so, so Node does not parse it twice.
writeFileSync(join(here, 'dist/package.json'), '{ "type": "module" }\n');
console.log('server: dist/main.js and dist/signer.js built');
