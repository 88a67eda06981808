// One jest setup for every package: TypeScript/TSX through SWC, ESM-only deps transformed
// (pnpm layout: the pattern has to see through node_modules/.pnpm/).
const path = require('node:path');

const esmDeps = ['jotai', 'file-type', 'strtok3', 'token-types', 'peek-readable', 'uint8array-extras', '@tokenizer', 'cookie', 'fast-check', 'pure-rand', '@scure', '@noble'];

/** @param {{ env: 'node' | 'jsdom', rootDir: string }} opts */
module.exports = function preset({ env, rootDir }) {
  return {
    rootDir,
    testEnvironment: path.join(__dirname, env === 'jsdom' ? 'jsdom-env.cjs' : 'node-env.cjs'),
    setupFilesAfterEnv: env === 'jsdom' ? [path.join(__dirname, 'component-timeout.cjs')] : [],
    transform: {
      '^.+\\.(t|j|mj|cj)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmDeps.join('|')})[@/+])`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'json'],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}', '<rootDir>/prerender/**/*.test.{ts,tsx}'],
    moduleNameMapper: {
      '\\.(css|png|jpg|jpeg|svg|gif|webp)$': path.join(__dirname, 'file-stub.cjs'),
      // zxcvbn once per worker, not per test file (zxcvbn/worker.cjs).
      '^@zxcvbn-ts/(core|language-common|language-en)$': path.join(__dirname, 'zxcvbn', '$1.cjs'),
    },
  };
};
