// The one list of Module Federation shared modules for the shell and both remotes, plus the
// rspack config they all build with. Versions come from the package.json files (`workspace:*` is
// not a valid requiredVersion). Singletons are only what must be one instance per page: React,
// the router, Jotai, styled-components, the query library, the toast container and the seam
// (@halcyon/seam: the session store, the QueryClient, the API's URL). Our other packages are
// shared by version: a remote built against a newer api-client or shared-ui brings its own copy
// (docs/deploying.md "Compatibility").
const path = require('node:path');
const { readFileSync } = require('node:fs');

const root = __dirname;
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const shellDeps = readJson(path.join(root, 'shell/package.json')).dependencies;
const workspaceVersion = (dir) => readJson(path.join(root, dir, 'package.json')).version;

/** `require` as the app at `dir` resolves: pnpm does not hoist the bundler to the root. */
const requireFromApp = (dir) => require('node:module').createRequire(path.join(dir, 'package.json'));

/** Exact version of a dependency as every app pins it (the shell's list is the reference). */
function pinned(name) {
  const version = shellDeps[name];
  if (!version || version.startsWith('workspace:')) throw new Error(`mf-shared: no pinned version for ${name}`);
  return version;
}

const singleton = (version) => ({ singleton: true, requiredVersion: `^${version}`, version, strictVersion: false });

/**
 * One of our packages shared by version, not as a singleton: a remote takes the page's copy when
 * its version satisfies `^<the version it was built with>`, else loads its own (semver: a minor
 * release only adds).
 */
const byVersion = (version) => ({ singleton: false, requiredVersion: `^${version}`, version });

/**
 * The seam: one instance, and a remote built for another major is refused (strictVersion) rather
 * than run against state it does not understand. The shell checks the remote's manifest first and
 * says so in its error panel (shell/src/federation/seamCheck.ts).
 */
const seam = (version) => ({ singleton: true, requiredVersion: `^${version}`, version, strictVersion: true });

const routerFacade = (name) => path.join(root, 'shell/mf', `${name}.mjs`);

/** share key → config; subpaths (jsx runtimes, jotai/utils) need their own key to be shared. */
const shared = {
  react: singleton(pinned('react')),
  'react/jsx-runtime': singleton(pinned('react')),
  'react/jsx-dev-runtime': singleton(pinned('react')),
  'react-dom': singleton(pinned('react-dom')),
  'react-dom/client': singleton(pinned('react-dom')),
  // The used part of react-router (shell/mf/react-router.mjs), not the whole package. v7's
  // react-router-dom only re-exports react-router; its key stays for code that still imports it.
  'react-router': { ...singleton(pinned('react-router')), import: routerFacade('react-router') },
  'react-router-dom': { ...singleton(pinned('react-router')), import: routerFacade('react-router-dom') },
  jotai: singleton(pinned('jotai')),
  // atomWithStorage and friends carry their own React context import: keep them on the same copy.
  'jotai/utils': singleton(pinned('jotai')),
  'styled-components': singleton(pinned('styled-components')),
  // One QueryClient context (the client itself is api-client's) and one toast container.
  '@tanstack/react-query': singleton(pinned('@tanstack/react-query')),
  'react-toastify': singleton(pinned('react-toastify')),
  // The seam's two entries (its QueryClient apart: the shell's pages start without the query library).
  '@halcyon/seam': seam(workspaceVersion('seam')),
  '@halcyon/seam/query': seam(workspaceVersion('seam')),
  // The toast container's state (queue, what is shown): one per page, whatever shared-ui a remote has.
  '@halcyon/shared-ui/toast': singleton(workspaceVersion('shared-ui')),
  // api-client's client and hooks, stateless now that their state is the seam's. `/react` imports
  // `/http` by this name, so it takes the shared copy. `/model` (the contract's zod-free half) is
  // not shared: each app bundles the part it uses.
  '@halcyon/api-client/http': byVersion(workspaceVersion('api-client')),
  '@halcyon/api-client/react': byVersion(workspaceVersion('api-client')),
  '@halcyon/shared-ui': byVersion(workspaceVersion('shared-ui')),
  // @halcyon/app-kit is not shared: it holds no state, and as a singleton it would be provided
  // whole (Security panels included) on every page; each remote bundles what it uses.
};


/**
 * Writes .gz and .br next to every emitted text asset of a production build, so the server sends
 * compressed files without compressing on each request (@fastify/static `preCompressed`).
 */
class PrecompressPlugin {
  apply(compiler) {
    const zlib = require('node:zlib');
    const { writeFileSync } = require('node:fs');
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path;
      for (const asset of compilation.getAssets()) {
        if (!/\.(js|css|html|json|svg)$/.test(asset.name)) continue;
        const source = asset.source.buffer();
        if (source.length < 1024) continue;
        const file = path.join(outDir, asset.name);
        writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    });
  }
}

/** The libraries the host's pages start with (React, its DOM, router, Jotai, styled-components), by path. */
const FRAMEWORK = /[\\/]node_modules[\\/].*(react|react-dom|scheduler|jotai|styled-components|stylis|@emotion|react-router)[\\/]/;

/** Shared modules no page loads at start (react-toastify: with the first toast; react-router-dom: nothing of ours imports it). */
const NOT_AT_START = new Set(['react-toastify', 'react-router-dom']);
/** What a remote's page loads beside the shell's start: the one QueryClient (shell RemoteApp's withQueries). */
const WITH_REMOTES = new Set(['@tanstack/react-query', '@halcyon/api-client/react', '@halcyon/seam/query']);

/**
 * Writes the host's `page-preloads.json`: the scripts its pages load at start (its entry, then the
 * shared modules' chunks, which the federation runtime only requests once the entry has run) and
 * those a remote's page adds. The server sends them as Link preloads (server/src/http/preload.ts),
 * so they download beside the entry rather than after it (issue 32).
 */
class PagePreloadsPlugin {
  apply(compiler) {
    const { readFileSync, writeFileSync } = require('node:fs');
    compiler.hooks.afterEmit.tap('PagePreloadsPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path;
      const manifest = JSON.parse(readFileSync(path.join(outDir, 'mf-manifest.json'), 'utf8'));
      // A shared module can be emitted in two chunks with the same modules (the build's copy for
      // its own imports, another for the share scope): the page runs one, so only the first is
      // preloaded (the dashboard downloaded the seam's query client twice and ran it once, issue 32).
      const modulesOf = new Map();
      for (const chunk of compilation.chunks) {
        const ids = compilation.chunkGraph.getChunkModules(chunk).map((m) => m.identifier()).sort().join('\n');
        for (const file of chunk.files) modulesOf.set(file, ids);
      }
      const listed = new Set();
      const once = (file) => {
        const key = modulesOf.get(file) ?? file;
        if (listed.has(key)) return false;
        listed.add(key);
        return true;
      };
      const files = (pick) => manifest.shared.filter((s) => pick(s.name)).flatMap((s) => s.assets.js.sync).filter(once);
      const entry = [...compilation.entrypoints.get('main').getFiles()].filter((f) => f.endsWith('.js') && once(f));
      const preloads = {
        start: [...entry, ...files((name) => !NOT_AT_START.has(name) && !WITH_REMOTES.has(name))],
        remotes: files((name) => WITH_REMOTES.has(name)),
      };
      writeFileSync(path.join(outDir, 'page-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
    });
  }
}

/** The federation runtime's packages that the plugin injects into every app's build. */
const FEDERATION_RUNTIME = ['@module-federation/sdk', '@module-federation/runtime-core', '@module-federation/runtime', '@module-federation/webpack-bundler-runtime', '@module-federation/runtime-tools'];

/**
 * Aliases the federation runtime's packages to their ES module builds. The plugin injects them
 * with require(), which resolves their CommonJS builds: nothing of those is tree-shaken, Node-only
 * code included (issue 32: 4.1 KB gzip off the shell's entry, 4.5 KB off each remoteEntry.js).
 * Resolved from @module-federation/enhanced, as the plugin resolves them.
 */
function federationRuntimeEsm(requireApp) {
  const requireFromPlugin = require('node:module').createRequire(requireApp.resolve('@module-federation/enhanced/rspack'));
  const aliases = {};
  for (const name of FEDERATION_RUNTIME) {
    let cjs;
    try {
      cjs = requireFromPlugin.resolve(name);
    } catch {
      continue; // not a dependency the plugin resolves from here (it has its own copy)
    }
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (esm !== cjs && require('node:fs').existsSync(esm)) aliases[`${name}$`] = esm;
  }
  return aliases;
}

/** Absolute path of react-router's ESM entry as the app resolves it. */
function routerBuild(requireApp, dev) {
  const dir = path.dirname(requireApp.resolve('react-router/package.json'));
  return path.join(dir, 'dist', dev ? 'development' : 'production', 'index.mjs');
}

const ports = {
  api: Number(process.env.API_PORT ?? 8080),
  shell: Number(process.env.SHELL_PORT ?? 3000),
  user_app: Number(process.env.USER_APP_PORT ?? 3001),
  admin_app: Number(process.env.ADMIN_APP_PORT ?? 3002),
};

/**
 * What every build of ours shares: TypeScript through swc, content-hashed files, source maps, and
 * precompressed output in production. `app.outDir` is relative to `app.dir` (default `dist`);
 * `publicPath` is where the files are served from.
 * @param {{ dir: string, name: string, entry: string, outDir?: string, publicPath: string,
 *   html: { title: string, filename?: string, publicPath: string } }} app
 * @param {boolean} dev
 */
function baseConfig(app, dev) {
  const { rspack } = requireFromApp(app.dir)('@rspack/core');
  // A production build for tests of behaviour, not of bytes (e2e's skew variants,
  // HALCYON_BUILD_QUICK=1): not minified, no source maps, no precompressed copies.
  const quick = !dev && process.env.HALCYON_BUILD_QUICK === '1';
  const hashed = dev ? '[name].js' : '[name].[contenthash:8].js';
  return {
    mode: dev ? 'development' : 'production',
    context: app.dir,
    target: 'web',
    devtool: dev ? 'cheap-module-source-map' : quick ? false : 'source-map',
    entry: { main: app.entry },
    output: {
      path: path.join(app.dir, app.outDir ?? 'dist'),
      filename: hashed,
      chunkFilename: hashed,
      assetModuleFilename: dev ? '[name][ext]' : '[name].[contenthash:8][ext]',
      publicPath: app.publicPath,
      uniqueName: app.name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/i, type: 'asset' },
      ],
    },
    plugins: [
      // One page template for every build (the root index.html); only the title differs.
      new rspack.HtmlRspackPlugin({ template: path.join(root, 'index.html'), chunks: ['main'], ...app.html }),
      ...(dev || quick ? [] : [new PrecompressPlugin()]),
    ],
    optimization: dev ? {} : { minimize: !quick },
    performance: { hints: false },
  };
}

const isDev = (env) => Boolean(env.RSPACK_SERVE) || process.env.NODE_ENV === 'development';

/**
 * The shell's sign-in pages (shell/src/signin.tsx): no Module Federation, so their JavaScript is
 * only what the form uses, tree-shaken. Written to shell/dist/signin/, served at /signin/; the
 * prerender puts its page's scripts into login.html and register.html.
 * @param {{ dir: string }} app
 */
function signinConfig(app, env = {}) {
  const dev = isDev(env);
  const config = baseConfig(
    { dir: app.dir, name: 'shell_signin', entry: './src/signin.tsx', outDir: 'dist/signin', publicPath: '/signin/', html: { title: 'Halcyon', filename: 'page.html', publicPath: '/signin/' } },
    dev,
  );
  // react-router's ESM build (the package's default condition is CommonJS, which does not tree-shake).
  return { ...config, resolve: { ...config.resolve, alias: { 'react-router$': routerBuild(requireFromApp(app.dir), dev) } } };
}

/**
 * The rspack config of one federated app. `exposes` makes it a remote (publicPath 'auto', so its
 * chunks load from wherever its manifest was fetched); without it, it is the host.
 * @param {{ dir: string, name: 'shell' | 'user_app' | 'admin_app', exposes?: Record<string, string>,
 *   devServer?: object }} app
 * @param {Record<string, unknown>} env rspack CLI env (RSPACK_SERVE when `rspack serve`)
 */
function federatedConfig(app, env = {}) {
  const requireApp = requireFromApp(app.dir);
  const { ModuleFederationPlugin } = requireApp('@module-federation/enhanced/rspack');
  const dev = isDev(env);
  const isRemote = Boolean(app.exposes);
  const base = baseConfig(
    {
      dir: app.dir,
      name: app.name,
      entry: './src/index.tsx',
      publicPath: isRemote ? 'auto' : '/',
      html: {
        title: isRemote ? `Halcyon (${path.basename(app.dir)} standalone)` : 'Halcyon',
        // The standalone remote page is served at deep links (/user/main): absolute URLs in dev.
        publicPath: isRemote && !dev ? 'auto' : '/',
      },
    },
    dev,
  );

  return {
    ...base,
    // The host's framework libraries in one file rather than ten: every page starts with all of
    // them, and on HTTP/1.1 each file costs a round trip (issue 32: the dashboard's Lighthouse LCP
    // 2803 → 2701 ms, median of 7). Sharing is unchanged: each stays its own shared module.
    optimization: isRemote || dev ? base.optimization : { ...base.optimization, splitChunks: { cacheGroups: { framework: { test: FRAMEWORK, name: 'framework', chunks: 'all', enforce: true, priority: 20 } } } },
    resolve: {
      ...base.resolve,
      // The router facade's source: react-router's ESM build (tree-shakable; the package's
      // default export condition is CommonJS), its production flavour in production builds.
      alias: { 'react-router-impl$': routerBuild(requireApp, dev), ...federationRuntimeEsm(requireApp) },
    },
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin({
        name: app.name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: app.exposes } : { remotes: {} }),
        shared,
        shareStrategy: 'loaded-first',
        // Shared modules resolved a few per task, in the shell and in each remote (shell/src/federation/startupInTasks.ts).
        runtimePlugins: [path.join(root, 'shell/src/federation/startupInTasks.ts')],
        // Types come from source imports; generating @mf-types costs ~9 s per build.
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        experiments: {
          asyncStartup: true,
          // Browser-only builds: the runtime's Node paths (script loading via fetch+vm) drop out.
          optimization: { target: 'web' },
          // One federation runtime per page: the host publishes its runtime-core and production
          // remotes use it instead of bundling their own (~28 KB gzip of remoteEntry.js). A remote's
          // dev server keeps its own so the standalone page runs without the shell.
          ...(isRemote ? { externalRuntime: !dev } : { provideExternalRuntime: true }),
        },
      }),
      ...(isRemote || dev ? [] : [new PagePreloadsPlugin()]),
    ],
    devServer: {
      port: ports[app.name],
      historyApiFallback: true,
      // Full reloads: no React Refresh plugin, and HMR chunks across federated dev servers are fragile.
      hot: false,
      liveReload: true,
      // The shell (another origin in dev) fetches the remotes' manifests and chunks.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: `http://localhost:${ports.api}`, changeOrigin: true }],
      client: { overlay: { errors: true, warnings: false } },
      ...app.devServer,
    },
  };
}

module.exports = { shared, ports, federatedConfig, signinConfig };
