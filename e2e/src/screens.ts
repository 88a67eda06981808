// Every screen of the product (spec 2), for the accessibility sweep and the screenshots.

/** The spec's 18 admin sidebar entries: path under /admin/ and the link's text. */
export const SIDEBAR: readonly (readonly [string, string])[] = [
  ['overview', 'Overview'], ['allusers', 'All Users'], ['updatedtraders', 'Update Traders'], ['alltraders', 'All Traders'],
  ['createplan', 'Create Plan'], ['plans', 'Plans'], ['pending-deposit', 'Pending Deposits'], ['deposit-history', 'Deposit History'],
  ['withdraw-history', 'Withdraw History'], ['pending-withdraw', 'Pending Withdrawals'], ['investments', 'Investments'],
  ['update-wallets', 'Update Wallets'], ['active-investment', 'Active Investments'], ['pending-investment', 'Pending Investments'],
  ['processed-investment', 'Processing Investments'], ['top-earnings', 'Top Earnings'], ['earning-history', 'Earning History'],
  ['all-history', 'All History'],
];

/** Public pages of the shell (no session). */
export const PUBLIC_SCREENS: readonly string[] = [
  '/', '/about', '/contact', '/auth/login', '/auth/register', '/auth/forget_password', '/auth/reset_password',
  '/admin-auth/admin-login', '/admin-auth/admin-reg', '/auth/lock-account',
];

/** The investor's screens (payment-info needs a selected asset first, see screens.test.ts). */
export const USER_SCREENS: readonly string[] = [
  '/user/main', '/user/withdraw', '/user/invest', '/user/deposit', '/user/payment-info', '/user/transactions',
  '/user/profile', '/user/setting', '/user/market', '/user/investment-log', '/user/copy-trading', '/user/proof', '/user/statement', '/user/security',
];

export const ADMIN_SCREENS: readonly string[] = [...SIDEBAR.map(([path]) => `/admin/${path}`), '/admin/invites', '/admin/jobs', '/admin/chain', '/admin/payouts', '/admin/security'];
