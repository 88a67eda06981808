// What the federation shares as `react-router-dom`, for code that still imports it: v7's package
// only re-exports react-router, so this re-exports the shared react-router (one router context).
// It is its own file because two share keys with the same `import` collapse into one provide,
// and the other key then goes unprovided (each app would fall back to its own router).
export * from 'react-router';
