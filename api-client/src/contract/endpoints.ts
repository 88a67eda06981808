// Zod-free description of every call (spec 7): the browser bundles use this, the server and
// tests use `routes` (the same names with their schemas). Paths are under /api, Fastify style.

/** Who may call a route: nobody needs a token, a user token, an admin token, or either. */
export type Access = 'none' | 'user' | 'admin' | 'any';

export interface EndpointDef {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  summary: string;
  /** multipart/form-data with a `file` field instead of a JSON body */
  multipart?: true;
  /** Accepts an Idempotency-Key header (ledger.md rule 3) */
  idempotent?: true;
  /** An admin money decision: with REQUIRE_ADMIN_PASSKEY it needs a passkey assertion bound to it (body `passkey`). */
  decision?: true;
  status: 200 | 201;
}

export const endpoints = {
  health: { method: 'GET', path: '/health', access: 'none', summary: 'Ready once migrations ran', status: 200 },
  login: { method: 'POST', path: '/auth/login', access: 'none', summary: 'Log in a user or an admin', status: 200 },
  logout: { method: 'POST', path: '/auth/logout', access: 'any', summary: 'Revoke the presented token (this session only)', status: 200 },
  register: { method: 'POST', path: '/auth/register', access: 'none', summary: 'Register an investor', status: 201 },
  forgotPassword: { method: 'POST', path: '/auth/forgot_password', access: 'none', summary: 'Email a reset link (same answer for unknown emails)', status: 200 },
  resetPassword: { method: 'POST', path: '/auth/reset_password', access: 'none', summary: 'Send reset instructions, or with token and password reset it', status: 200 },
  lockAccount: { method: 'POST', path: '/auth/lock-account', access: 'none', summary: 'Use an emailed lock link: end every session, freeze withdrawals until a password reset', status: 200 },
  registerAdmin: { method: 'POST', path: '/auth/register-admin', access: 'none', summary: 'Register an admin with an invite code', status: 201 },
  getProfile: { method: 'GET', path: '/user/profile', access: 'user', summary: 'The caller\'s profile with ledger-derived figures', status: 200 },
  updateProfile: { method: 'PATCH', path: '/user/profile', access: 'user', summary: 'Update profile or settings fields', status: 200 },
  getLedger: { method: 'GET', path: '/user/ledger', access: 'user', summary: 'Every ledger posting on the caller\'s accounts', status: 200 },
  uploadImage: { method: 'POST', path: '/image/upload-single', access: 'any', summary: 'Upload an image (multipart field `file`, 5 MB)', multipart: true, status: 201 },
  getWalletAddresses: { method: 'GET', path: '/wallet-address', access: 'any', summary: 'Platform deposit addresses (first item)', status: 200 },
  createDeposit: { method: 'POST', path: '/deposit', access: 'user', summary: 'Request a deposit (pending)', idempotent: true, status: 201 },
  getDeposit: { method: 'GET', path: '/deposit/:id', access: 'user', summary: 'One of the caller\'s deposits with its on-chain payment', status: 200 },
  getTransactions: { method: 'GET', path: '/transaction/all', access: 'user', summary: 'The caller\'s transactions', status: 200 },
  createWithdrawal: { method: 'POST', path: '/withdrawal', access: 'user', summary: 'Request a withdrawal (funds held)', idempotent: true, status: 201 },
  getPlans: { method: 'GET', path: '/plan/all', access: 'any', summary: 'Plans: public and the caller\'s own (admins: all)', status: 200 },
  createInvestment: { method: 'POST', path: '/investment', access: 'user', summary: 'Invest in a plan (pending)', idempotent: true, status: 201 },
  getTwoFactor: { method: 'GET', path: '/account/2fa', access: 'any', summary: 'Whether two-factor is on, and recovery codes left', status: 200 },
  startTwoFactor: { method: 'POST', path: '/account/2fa/setup', access: 'any', summary: 'With the password: a new TOTP secret and its otpauth URL (pending until confirmed)', status: 200 },
  enableTwoFactor: { method: 'POST', path: '/account/2fa/enable', access: 'any', summary: 'With the password, confirm a first code: two-factor on, ten recovery codes (shown once)', status: 200 },
  disableTwoFactor: { method: 'POST', path: '/account/2fa/disable', access: 'any', summary: 'Turn two-factor off with the password and a code or a recovery code', status: 200 },
  changePassword: { method: 'POST', path: '/account/password', access: 'any', summary: 'Change the password with the current one (and the code or a passkey when two-factor is on); every other session ends', status: 200 },
  listPasskeys: { method: 'GET', path: '/account/passkeys', access: 'any', summary: 'The caller\'s passkeys (name, added, last used)', status: 200 },
  passkeyRegistrationOptions: { method: 'POST', path: '/account/passkeys/options', access: 'any', summary: 'With the password (or a passkey): WebAuthn options to add a passkey', status: 200 },
  registerPasskey: { method: 'POST', path: '/account/passkeys', access: 'any', summary: 'Add a passkey: the authenticator\'s answer to the options, and its name', status: 201 },
  removePasskey: { method: 'POST', path: '/account/passkeys/:id/remove', access: 'any', summary: 'With the password (or a passkey): remove one of the caller\'s passkeys', status: 200 },
  stepUpChallenge: { method: 'POST', path: '/account/passkeys/challenge', access: 'any', summary: 'WebAuthn options for a passkey assertion bound to one action (a withdrawal, a security change, an admin decision)', status: 200 },
  signInChallenge: { method: 'POST', path: '/auth/login/passkey/challenge', access: 'none', summary: 'WebAuthn options to sign in (or reset a password) with a passkey', status: 200 },
  passkeyLogin: { method: 'POST', path: '/auth/login/passkey', access: 'none', summary: 'Sign in with a passkey (user verification required)', status: 200 },
  listSessions: { method: 'GET', path: '/account/sessions', access: 'any', summary: 'The caller\'s open sessions (device, IP, signed in, last seen)', status: 200 },
  endSession: { method: 'DELETE', path: '/account/sessions/:id', access: 'any', summary: 'End one of the caller\'s sessions', status: 200 },
  endOtherSessions: { method: 'POST', path: '/account/sessions/end-others', access: 'any', summary: 'End every session of the caller but this one', status: 200 },
  listSignIns: { method: 'GET', path: '/account/sign-ins', access: 'any', summary: 'The caller\'s sign-ins of the last 90 days, successful and failed', status: 200 },
  getPortfolioHistory: { method: 'GET', path: '/user/portfolio/history', access: 'user', summary: 'The caller\'s portfolio value over time (range 7d, 30d, 1y, all) with deposits and withdrawals', status: 200 },
  getInvestments: { method: 'GET', path: '/investment/all', access: 'user', summary: 'The caller\'s investments', status: 200 },
  getTraders: { method: 'GET', path: '/copyTrade', access: 'any', summary: 'Traders to copy', status: 200 },
  toggleCopy: { method: 'POST', path: '/copyTrade/toggle/:id', access: 'user', summary: 'Start or stop copying a trader', status: 200 },
  listUsers: { method: 'GET', path: '/admin/users', access: 'admin', summary: 'All open user accounts', status: 200 },
  deleteUser: { method: 'DELETE', path: '/admin/users/:uid', access: 'admin', summary: 'Close a user account (ledger kept)', status: 200 },
  requestTwoFactorReset: { method: 'POST', path: '/admin/users/:uid/2fa-reset', access: 'admin', summary: 'Mail the user a link that turns their two-factor off once they confirm it (audited)', status: 200 },
  confirmTwoFactorReset: { method: 'POST', path: '/auth/2fa-reset', access: 'none', summary: 'Confirm an admin\'s two-factor reset from its mailed link: two-factor off', status: 200 },
  sendUserPasswordReset: { method: 'POST', path: '/admin/users/:uid/password-reset', access: 'admin', summary: 'Email the user a password reset link', status: 200 },
  allTransactions: { method: 'GET', path: '/admin/all-transactions', access: 'admin', summary: 'Every transaction', status: 200 },
  chainStatus: { method: 'GET', path: '/admin/chain', access: 'admin', summary: 'Chain followers, payments that need an eye, reserves, accounts flagged for review', status: 200 },
  payoutsOverview: { method: 'GET', path: '/admin/payouts', access: 'admin', summary: 'Payouts on the chain: the signers, the hot wallets against their limits and queues, open payouts, alerts', status: 200 },
  unsignedPayout: { method: 'GET', path: '/admin/payouts/:id/unsigned', access: 'admin', summary: 'An offline payout\'s unsigned transaction (a PSBT, or an unsigned EIP-1559 transaction) for the offline signer', status: 200 },
  uploadSignedPayout: { method: 'POST', path: '/admin/payouts/:id/signed', access: 'admin', summary: 'The offline-signed transaction of a payout; the signer checks it before it is sent', status: 200 },
  solvency: { method: 'GET', path: '/admin/solvency', access: 'admin', summary: 'Owed to users vs custody, per asset', status: 200 },
  listJobs: { method: 'GET', path: '/admin/jobs', access: 'admin', summary: 'Background jobs per queue and the newest failed ones', status: 200 },
  retryJob: { method: 'POST', path: '/admin/jobs/:queue/:id/retry', access: 'admin', summary: 'Run a failed background job again', status: 200 },
  publishLiabilities: { method: 'POST', path: '/admin/liabilities', access: 'admin', summary: 'Publish a proof-of-liabilities snapshot (Merkle sum tree of every user balance)', status: 201 },
  latestLiabilities: { method: 'GET', path: '/liabilities/latest', access: 'none', summary: 'The latest published proof-of-liabilities root and totals (null before the first)', status: 200 },
  getLiabilityProof: { method: 'GET', path: '/user/liabilities/proof', access: 'user', summary: 'The caller\'s inclusion proof in the latest snapshot', status: 200 },
  auditLiabilities: { method: 'GET', path: '/admin/liabilities/audit', access: 'admin', summary: 'Recheck the latest snapshot\'s whole tree and that it covers every investor', status: 200 },
  verifyLedger: { method: 'GET', path: '/admin/ledger/verify', access: 'admin', summary: 'Recompute the ledger seals; the first broken seal and transfer', status: 200 },
  createPlan: { method: 'POST', path: '/admin/plans', access: 'admin', summary: 'Create a plan (public, or private with uid)', status: 201 },
  deletePlan: { method: 'DELETE', path: '/admin/plans/:id', access: 'admin', summary: 'Withdraw a plan from offer (investments keep it)', status: 200 },
  listDeposits: { method: 'GET', path: '/admin/deposits/all', access: 'admin', summary: 'All deposits', status: 200 },
  approveDeposit: { method: 'PATCH', path: '/admin/deposits/:id/:method/approve', access: 'admin', summary: 'Approve a pending deposit, crediting the method\'s asset', decision: true, status: 200 },
  declineDeposit: { method: 'PATCH', path: '/admin/deposits/:id/decline', access: 'admin', summary: 'Decline a pending deposit', decision: true, status: 200 },
  listWithdrawals: { method: 'GET', path: '/admin/withdrawals/all', access: 'admin', summary: 'All withdrawals', status: 200 },
  approveWithdrawal: { method: 'PATCH', path: '/admin/withdrawals/:id/approve', access: 'admin', summary: 'Pay out a pending or processing withdrawal', decision: true, status: 200 },
  declineWithdrawal: { method: 'PATCH', path: '/admin/withdrawals/:id/decline', access: 'admin', summary: 'Decline: held funds go back', decision: true, status: 200 },
  processWithdrawal: { method: 'PATCH', path: '/admin/withdrawals/:id/processing', access: 'admin', summary: 'Mark processing (funds stay held)', decision: true, status: 200 },
  listInvestments: { method: 'GET', path: '/admin/investments/all', access: 'admin', summary: 'All investments, optionally by status', status: 200 },
  endInvestment: { method: 'PATCH', path: '/admin/investments/:id/end', access: 'admin', summary: 'Stop an active investment: principal back', decision: true, status: 200 },
  processInvestment: { method: 'PATCH', path: '/admin/investments/:id/processing', access: 'admin', summary: 'Move a pending or active investment to processing', decision: true, status: 200 },
  approveInvestment: { method: 'PATCH', path: '/admin/investments/:id/approve', access: 'admin', summary: 'Approve a pending or processing investment', decision: true, status: 200 },
  creditEarnings: { method: 'POST', path: '/admin/earnings/:uid', access: 'admin', summary: 'Credit earnings on an investment', idempotent: true, decision: true, status: 201 },
  deductEarnings: { method: 'POST', path: '/admin/earnings/deduct/:uid', access: 'admin', summary: 'Deduct earnings (never below zero)', idempotent: true, decision: true, status: 201 },
  listEarnings: { method: 'GET', path: '/admin/earnings/all', access: 'admin', summary: 'Every earnings movement', status: 200 },
  createTrader: { method: 'POST', path: '/copyTrade', access: 'admin', summary: 'Add a trader (win rate computed)', status: 201 },
  deleteTrader: { method: 'DELETE', path: '/copyTrade/:id', access: 'admin', summary: 'Delete a trader', status: 200 },
  createWalletAddress: { method: 'POST', path: '/wallet-address', access: 'admin', summary: 'Create the address record (409 if one exists)', status: 201 },
  updateWalletAddress: { method: 'PATCH', path: '/wallet-address/update/:id', access: 'admin', summary: 'Update the address record', status: 200 },
  createInvite: { method: 'POST', path: '/admin/invites', access: 'admin', summary: 'Create a one-time admin invite code (7 days)', status: 201 },
  listInvites: { method: 'GET', path: '/admin/invites', access: 'admin', summary: 'Invite codes', status: 200 },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;
