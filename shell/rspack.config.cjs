// Host: no remotes at build time; their manifests come from /config.json at run time.
const { federatedConfig, ports } = require('../mf-shared.cjs');

/** What `pnpm dev` serves as /config.json: the remotes on their own dev servers. */
const devRuntimeConfig = {
  apiBaseUrl: '/api',
  brand: process.env.BRAND ?? 'Halcyon',
  remotes: {
    user_app: `http://localhost:${ports.user_app}/mf-manifest.json`,
    admin_app: `http://localhost:${ports.admin_app}/mf-manifest.json`,
  },
};

module.exports = (env) =>
  federatedConfig(
    {
      dir: __dirname,
      name: 'shell',
      devServer: {
        setupMiddlewares(middlewares) {
          middlewares.unshift({
            name: 'runtime-config',
            path: '/config.json',
            middleware: (_req, res) => {
              res.setHeader('content-type', 'application/json');
              res.setHeader('cache-control', 'no-store');
              res.end(JSON.stringify(devRuntimeConfig));
            },
          });
          return middlewares;
        },
      },
    },
    env,
  );
