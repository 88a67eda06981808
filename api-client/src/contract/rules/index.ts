// Business rules both sides apply: zod-free, so the browser bundles may import them; the server's
// schemas (../requests.ts, ../common.ts) and services call the same functions.
export * from './money';
export * from './plans';
export * from './traders';
export * from './withdrawals';
export * from './profile';
export * from './phone';
export * from './csv';
