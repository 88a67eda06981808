// Zod-free facts of the contract, safe to import in the browser bundles.

/** Largest USD amount the API accepts (ledger.md rule 5). */
export const MAX_USD = 1e12;

/** The four assets balances are kept in. */
export const ASSETS = ['btc', 'usdt', 'eth', 'sol'] as const;
export type Asset = (typeof ASSETS)[number];

/** Deposit methods (POST /deposit, PATCH /admin/deposits/{id}/{method}/approve). */
export const DEPOSIT_METHODS = ['bitcoin', 'ethereum', 'solana', 'usdt'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/**
 * The blockchains deposits are watched on (docs/chain.md): Bitcoin; Ethereum for ETH; BNB Smart
 * Chain for BEP-20 USDT. Solana stays on manual review.
 */
export const CHAINS = ['bitcoin', 'ethereum', 'bsc'] as const;
export type Chain = (typeof CHAINS)[number];

/** The deposit method each chain's payments credit, and the ticker investors see. */
export const CHAIN_METHOD: Record<Chain, DepositMethod> = { bitcoin: 'bitcoin', ethereum: 'ethereum', bsc: 'usdt' };
export const CHAIN_COIN: Record<Chain, 'BTC' | 'ETH' | 'USDT'> = { bitcoin: 'BTC', ethereum: 'ETH', bsc: 'USDT' };

/** The chain each watched deposit method is paid on (CHAIN_METHOD the other way round). */
export const METHOD_CHAIN: Partial<Record<DepositMethod, Chain>> = Object.fromEntries(CHAINS.map((chain) => [CHAIN_METHOD[chain], chain]));

/**
 * Where a quoted deposit stands (docs/chain.md): waiting for a payment; seen in a block, short of
 * its confirmations; credited; expired with nothing paid; orphaned (its block left the chain).
 */
export const PAYMENT_STATES = ['waiting', 'seen', 'credited', 'expired', 'orphaned'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Where an approved withdrawal's payout stands on the chain (docs/chain.md "Payouts"): waiting for
 * the signer (or an offline signature); sent, with its transaction (confirmations rising once in a
 * block); complete (its confirmations reached); delayed (the signer refused it: an admin looks).
 */
export const PAYOUT_STATES = ['queued', 'sent', 'complete', 'delayed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** Withdrawal methods: the deposit methods plus bank (bank draws from usdt). */
export const WITHDRAW_METHODS = ['bank', 'bitcoin', 'ethereum', 'solana', 'usdt'] as const;
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];

/** Investment methods (POST /investment). */
export const INVEST_METHODS = ['BTC', 'USDT', 'ETH', 'SOL'] as const;
export type InvestMethod = (typeof INVEST_METHODS)[number];

/** Which asset each method draws from or credits. */
export const METHOD_ASSET: Record<DepositMethod | WithdrawMethod | InvestMethod, Asset> = {
  bitcoin: 'btc', ethereum: 'eth', solana: 'sol', usdt: 'usdt', bank: 'usdt',
  BTC: 'btc', USDT: 'usdt', ETH: 'eth', SOL: 'sol',
};

/** Date of birth range (spec 9). */
export const DOB_MIN = '1990-01-01';
export const DOB_MAX = '2024-12-31';

/** Images only, 5 MB at most (deviations.md). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** GET /user/portfolio/history: how far back the dashboard's chart goes. */
export const PORTFOLIO_RANGES = ['7d', '30d', '1y', 'all'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];

/** Every list answers pages of `limit` rows: this many when not asked, at most PAGE_LIMIT_MAX (docs/api.md "Lists"). */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;

/**
 * How long a payout destination saved after funding waits before it can be paid to (docs/security.md
 * "Payout addresses"): the default of the server's PAYOUT_COOLDOWN_HOURS, and the figure the
 * withdrawal screen's text gives.
 */
export const PAYOUT_COOLDOWN_HOURS = 24;
