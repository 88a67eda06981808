/** The admin sidebar: the spec's 18 entries (paths under /admin/) plus admin invites, background jobs, the chains, the payouts and the admin's own security. */
export interface NavEntry {
  path: string;
  label: string;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { path: 'overview', label: 'Overview' },
  { path: 'allusers', label: 'All Users' },
  { path: 'updatedtraders', label: 'Update Traders' },
  { path: 'alltraders', label: 'All Traders' },
  { path: 'createplan', label: 'Create Plan' },
  { path: 'plans', label: 'Plans' },
  { path: 'pending-deposit', label: 'Pending Deposits' },
  { path: 'deposit-history', label: 'Deposit History' },
  { path: 'withdraw-history', label: 'Withdraw History' },
  { path: 'pending-withdraw', label: 'Pending Withdrawals' },
  { path: 'investments', label: 'Investments' },
  { path: 'update-wallets', label: 'Update Wallets' },
  { path: 'active-investment', label: 'Active Investments' },
  { path: 'pending-investment', label: 'Pending Investments' },
  { path: 'processed-investment', label: 'Processing Investments' },
  { path: 'top-earnings', label: 'Top Earnings' },
  { path: 'earning-history', label: 'Earning History' },
  { path: 'all-history', label: 'All History' },
  { path: 'invites', label: 'Admin Invites' },
  { path: 'jobs', label: 'Background Jobs' },
  { path: 'chain', label: 'Chains' },
  { path: 'payouts', label: 'Payouts' },
  { path: 'security', label: 'Security' },
];

export const ADMIN_LOGIN_PATH = '/admin-auth/admin-login';
