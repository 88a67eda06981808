import { z } from 'zod';
import { Asset, Chain, DepositMethod, PaymentState, PayoutState, InvestMethod, Role, UserRef, WithdrawMethod, isoDateTime, usdFigure } from './common';

/** What an investor owns, by where it is (issue 29), USD. */
export const Portfolio = z.object({ available: usdFigure, held: usdFigure, invested: usdFigure, earnings: usdFigure, total: usdFigure });
export type Portfolio = z.infer<typeof Portfolio>;

/** The investor's profile; every money figure is derived from the ledger (ledger.md). */
export const UserProfile = z.object({
  uid: z.string(),
  id: z.string(),
  role: z.literal('user'),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  dob: z.string().nullable(),
  profilePic: z.string().nullable(),
  state: z.string(),
  city: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  routingNumber: z.string(),
  bitcoin: z.string(),
  ethereum: z.string(),
  sol: z.string(),
  usdt: z.string(),
  earnings: usdFigure,
  balance: usdFigure,
  totalWithdrawals: usdFigure,
  totalDeposits: usdFigure,
  btcBal: usdFigure,
  usdtBal: usdFigure,
  ethBal: usdFigure,
  solBal: usdFigure,
  copyTraders: z.array(z.string()),
  createdAt: isoDateTime,
  /** Ours (docs/security.md "Alerts"): shown in every mail; '' when not set */
  antiPhishingPhrase: z.string().optional(),
  /** Ours (docs/security.md "Payout addresses"): payout destinations still cooling down → when usable (bitcoin, ethereum, sol, usdt, bank) */
  payoutUsableFrom: z.record(z.string(), isoDateTime).optional(),
  /** Ours (docs/security.md "Payout addresses"): hours a destination changed after funding waits (the server's PAYOUT_COOLDOWN_HOURS); to its owner only */
  payoutCooldownHours: z.number().int().optional(),
  /** Ours (docs/security.md "Two-factor"): withdrawals and payout changes then need a code */
  twoFactorEnabled: z.boolean().optional(),
  /** Ours (docs/security.md "Passkeys"): how many passkeys the account has; with one, a passkey also confirms what a code does */
  passkeyCount: z.number().int().optional(),
  /**
   * Ours (issue 29): everything the investor owns, USD: available (the spec's `balance`), held for
   * open withdrawals, locked in investments, earnings; `total` is their sum, the dashboard's
   * "Total portfolio"
   */
  portfolio: Portfolio.optional(),
  /** Ours (docs/security.md "Alerts"): locked from an alert's link, since when and why, until a password reset; null when not */
  frozen: z.object({ since: isoDateTime, reason: z.string() }).nullable().optional(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const AdminRecord = z.object({
  id: z.string(),
  uid: z.string(),
  role: z.literal('admin'),
  name: z.string(),
  email: z.string(),
  createdAt: isoDateTime,
});
export type AdminRecord = z.infer<typeof AdminRecord>;

/**
 * A row of the admin's users table: the profile, never a password (deviations.md), nor the user's
 * anti-phishing phrase (an admin who knows it could forge a convincing mail).
 */
export const AdminUserRow = UserProfile.omit({ antiPhishingPhrase: true });
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const WalletAddress = z.object({
  _id: z.string(),
  bitcoin: z.string(),
  ethereum: z.string(),
  sol: z.string(),
  usdt: z.string(),
  /** Ours (docs/chain.md): the BIP84 account key investors' Bitcoin addresses derive from; in an admin's read only, null when not set */
  bitcoinXpub: z.string().nullable().optional(),
  /** Ours (docs/chain.md): the BIP44 m/44'/60'/0' account key of investors' Ethereum and BEP-20 addresses; in an admin's read only */
  evmXpub: z.string().nullable().optional(),
  /**
   * Ours (docs/chain.md): the chains where each investor gets their own address from POST /deposit's
   * quote (a key set and the chain watched); the shared address of those chains is not for investors
   */
  chains: z.array(Chain).optional(),
});
export type WalletAddress = z.infer<typeof WalletAddress>;

export const DepositStatus = z.enum(['pending', 'approved', 'declined']);
export type DepositStatus = z.infer<typeof DepositStatus>;

/**
 * Ours (docs/chain.md): how a deposit is paid on a watched chain. The quote (address, coin amount,
 * expiry), then what the chain shows: the transaction and its confirmations.
 */
export const DepositPayment = z.object({
  network: Chain,
  /** The coin's ticker: BTC, ETH or USDT */
  coin: z.string(),
  /** The investor's own address on that chain */
  address: z.string(),
  /** What to send, in coin units as a decimal string (never a float) */
  cryptoAmount: z.string(),
  /** BIP21 or EIP-681 payment link carrying the amount */
  uri: z.string(),
  /** Paid in full by then: the quoted USD is credited; later or other amounts are valued when confirmed */
  expiresAt: isoDateTime,
  confirmationsRequired: z.number().int(),
  state: PaymentState,
  /** The paying transaction, once seen in a block */
  txid: z.string().nullable(),
  confirmations: z.number().int(),
  /** What arrived, in coin units; null while waiting */
  paidAmount: z.string().nullable(),
  /** The transaction on the chain's explorer, when one is configured */
  explorerUrl: z.string().nullable(),
});
export type DepositPayment = z.infer<typeof DepositPayment>;

export const Deposit = z.object({
  id: z.string(),
  uid: z.string(),
  amount: usdFigure,
  method: DepositMethod,
  status: DepositStatus,
  createdAt: isoDateTime,
  /** When an admin approved or declined it; null while pending. */
  decidedAt: isoDateTime.nullable(),
  user: UserRef,
  /** Ours: the on-chain quote and its payment when the method's chain is watched; null for manual review */
  payment: DepositPayment.nullable().optional(),
});
export type Deposit = z.infer<typeof Deposit>;

export const WithdrawalStatus = z.enum(['pending', 'processing', 'approved', 'declined']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

/** Ours (docs/chain.md "Payouts"): an approved withdrawal's transaction on the chain. */
export const WithdrawalPayout = z.object({
  network: Chain,
  /** The coin's ticker: BTC, ETH or USDT */
  coin: z.string(),
  /** What is sent, in coin units as a decimal string: the USD amount at the price when it was approved */
  cryptoAmount: z.string(),
  state: PayoutState,
  /** The transaction, once signed and sent */
  txid: z.string().nullable(),
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  /** The transaction on the chain's explorer, when one is configured */
  explorerUrl: z.string().nullable(),
});
export type WithdrawalPayout = z.infer<typeof WithdrawalPayout>;

export const Withdrawal = z.object({
  id: z.string(),
  uid: z.string(),
  amount: usdFigure,
  method: WithdrawMethod,
  /** Destination wallet for crypto methods; '' for bank. */
  address: z.string(),
  /** Where it pays, recorded when requested: the address, or "Bank, account ••••6789, routing ••••0021" ('' for bank withdrawals filed before this was recorded). */
  destination: z.string(),
  status: WithdrawalStatus,
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  user: UserRef,
  /** Ours: the payout on the chain of an approved withdrawal paid by the signer; null when paid by hand */
  payout: WithdrawalPayout.nullable().optional(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const Plan = z.object({
  id: z.string(),
  name: z.string().nullable(),
  minAmount: usdFigure,
  maxAmount: usdFigure,
  /** Percent paid on maturity, e.g. 12.5 */
  returns: z.number(),
  /** Days */
  duration: z.number().int(),
  /** Owner user id; null for a public plan */
  uid: z.string().nullable(),
  user: z.object({ name: z.string() }).nullable(),
  createdAt: isoDateTime,
});
export type Plan = z.infer<typeof Plan>;

/** pending → approved (active) | processing; processing → approved; approved → ended | processing. */
export const InvestmentStatus = z.enum(['pending', 'approved', 'processing', 'ended']);
export type InvestmentStatus = z.infer<typeof InvestmentStatus>;

export const Investment = z.object({
  id: z.string(),
  uid: z.string(),
  plan_id: z.string(),
  plan_name: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  amount: usdFigure,
  method: InvestMethod,
  asset: Asset,
  status: InvestmentStatus,
  /** Plan duration in days */
  duration: z.number().int(),
  /** Plan returns in percent */
  returns: z.number(),
  createdAt: isoDateTime,
  /** createdAt + duration days (spec 9) */
  endDate: isoDateTime,
  /** 'stopped' by an admin, 'matured' by the maturity job; null while not ended */
  endedReason: z.enum(['stopped', 'matured']).nullable(),
  endedAt: isoDateTime.nullable(),
  /** Earnings credited for this investment so far, net of deductions */
  earnings: usdFigure,
  earningBalance: usdFigure,
  /** The amount invested (spec field name) */
  plan_price: usdFigure,
});
export type Investment = z.infer<typeof Investment>;

export const TransactionType = z.enum(['deposit', 'withdraw', 'investment', 'earn']);
export type TransactionType = z.infer<typeof TransactionType>;

/**
 * One line of money history. Deposits, withdrawals and investments appear with their own method;
 * ledger movements that are not requests (principal returned, earnings) have method 'transfer'
 * or type 'earn', which the investor's history table hides (spec 2) but the API never does.
 */
export const Transaction = z.object({
  id: z.string(),
  type: TransactionType,
  method: z.string(),
  amount: usdFigure,
  status: z.string(),
  createdAt: isoDateTime,
  /** What it belongs to: 'deposit', 'withdrawal', 'investment', 'maturity', 'adjustment' */
  source: z.string(),
  user: UserRef,
  /** Ours (docs/chain.md): the transaction that paid a deposit credited from the chain */
  txid: z.string().nullable().optional(),
  /** Ours: that transaction on the chain's explorer, when one is configured */
  explorerUrl: z.string().nullable().optional(),
  /** Ours (docs/chain.md "Payouts"): a withdrawal's payout on the chain; null when paid by hand */
  payout: WithdrawalPayout.nullable().optional(),
});
export type Transaction = z.infer<typeof Transaction>;

export const EarningEntry = z.object({
  id: z.string(),
  uid: z.string(),
  user: UserRef,
  kind: z.enum(['credit', 'deduct', 'maturity']),
  /** Positive for credit and maturity, negative for deduct */
  amount: usdFigure,
  investment_id: z.string(),
  plan_id: z.string(),
  reason: z.string(),
  /** 'system' or the admin's id */
  actor: z.string(),
  createdAt: isoDateTime,
});
export type EarningEntry = z.infer<typeof EarningEntry>;

/** One posting of the ledger that touched one of the caller's accounts. */
export const LedgerEntry = z.object({
  transferId: z.string(),
  /** The business event this entry belongs to (its first transfer's id): a maturity's principal and returns share one */
  movementId: z.string(),
  account: z.string(),
  asset: z.string(),
  /** Positive when money came into the account, negative when it left */
  amount: usdFigure,
  kind: z.string(),
  reason: z.string(),
  /** Who caused it: the investor, the platform's own jobs, or an administrator (reason says why) */
  actor: z.enum(['you', 'system', 'administrator']),
  /** The account's balance after this entry */
  balanceAfter: usdFigure,
  /** The investor's total in this asset (available + held + invested; earnings for usd) after the whole transfer */
  assetBalanceAfter: usdFigure,
  ref: z.string(),
  createdAt: isoDateTime,
  /** Ours (docs/chain.md): the transaction that paid a deposit credited from the chain, and its explorer link */
  txid: z.string().nullable().optional(),
  explorerUrl: z.string().nullable().optional(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const Trader = z.object({
  _id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Rounded integer percent, computed by the server */
  winRate: z.number().int(),
  profitShare: z.string(),
  createdAt: isoDateTime,
});
export type Trader = z.infer<typeof Trader>;

export const AdminInvite = z.object({
  code: z.string(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  usedAt: isoDateTime.nullable(),
  usedBy: z.string().nullable(),
  createdBy: z.string(),
});
export type AdminInvite = z.infer<typeof AdminInvite>;

/** Per asset: what users are owed against what custody holds (admin overview). */
export const SolvencyAsset = z.object({
  asset: Asset,
  available: usdFigure,
  held: usdFigure,
  invested: usdFigure,
  owed: usdFigure,
  custody: usdFigure,
  /** custody − owed, exact (from cents); negative when custody is short */
  gap: usdFigure,
});
export const Solvency = z.object({
  assets: z.array(SolvencyAsset),
  /** Earnings owed to users (USD, not per asset) */
  earningsOwed: usdFigure,
  /** Net paid out of the platform's returns account */
  returnsPaid: usdFigure,
  totalOwed: usdFigure,
  totalCustody: usdFigure,
  /** Sum of user balances: the overview's 'Total Deposit' (spec 2) */
  totalUserBalances: usdFigure,
  totalUsers: z.number().int(),
});
export type Solvency = z.infer<typeof Solvency>;

/** A chain's follower as the admins see it (docs/chain.md "Followers"); null figures before its first run. */
export const ChainFollower = z.object({
  chain: Chain,
  coin: z.string(),
  /** The last block read, the node's tip when last asked, and the difference */
  height: z.number().int().nullable(),
  tip: z.number().int().nullable(),
  lag: z.number().int().nullable(),
  confirmations: z.number().int(),
  reorgs: z.number().int(),
  deepestReorg: z.number().int(),
  /** Why the last run failed (node down, garbage, a reorganisation deeper than the kept blocks); null when it did not */
  lastError: z.string().nullable(),
  lastErrorAt: isoDateTime.nullable(),
  updatedAt: isoDateTime.nullable(),
});
export type ChainFollower = z.infer<typeof ChainFollower>;

export const ChainPaymentStatus = z.enum(['seen', 'credited', 'dust', 'orphaned', 'reorged', 'reversed']);

/** A payment to an investor's address that needs an admin's eye: no quote, dust, orphaned, reorged, reversed. */
export const ChainPaymentRow = z.object({
  id: z.string(),
  chain: Chain,
  coin: z.string(),
  txid: z.string(),
  /** The output or log index; -1 for an EVM transaction's own value */
  outputIndex: z.number().int(),
  uid: z.string(),
  user: UserRef,
  address: z.string(),
  /** In coin units, a decimal string */
  amount: z.string(),
  status: ChainPaymentStatus,
  valuation: z.enum(['quote', 'late', 'short', 'over', 'unquoted']).nullable(),
  /** USD credited (or, for dust, what it was worth) */
  credited: usdFigure.nullable(),
  blockHeight: z.number().int().nullable(),
  seenAt: isoDateTime,
  explorerUrl: z.string().nullable(),
});
export type ChainPaymentRow = z.infer<typeof ChainPaymentRow>;

/** What the chain holds at the investors' addresses, beside what the ledger owes in that asset. */
export const ChainReserve = z.object({
  chain: Chain,
  asset: Asset,
  coin: z.string(),
  /** Coin units at every derived address, a decimal string; null before the first measure */
  onChain: z.string().nullable(),
  /** Worth in USD at the current price; null when no price can be read */
  onChainUsd: usdFigure.nullable(),
  addresses: z.number().int(),
  height: z.number().int().nullable(),
  measuredAt: isoDateTime.nullable(),
  /** What the ledger owes investors in this asset (available, held, invested) */
  owed: usdFigure,
});
export type ChainReserve = z.infer<typeof ChainReserve>;

/** An account flagged for review (a credited deposit that left the chain). */
export const ReviewFlag = z.object({ uid: z.string(), user: UserRef, reason: z.string(), since: isoDateTime });

/** Where a payout is, as admins see it (migration 026): queued, offline (waits for an offline signature), signed, sent, confirmed, failed. */
export const PayoutRecordStatus = z.enum(['queued', 'offline', 'signed', 'sent', 'confirmed', 'failed']);

/** One payout on the admins' queue (docs/chain.md "Payouts"). */
export const AdminPayout = z.object({
  id: z.string(),
  withdrawalId: z.string(),
  user: UserRef,
  network: Chain,
  coin: z.string(),
  /** Coin units, a decimal string: the USD amount at the price when it was approved */
  cryptoAmount: z.string(),
  amount: usdFigure,
  destination: z.string(),
  status: PayoutRecordStatus,
  txid: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  /** Sent, and in no block for more than 10 minutes */
  stuck: z.boolean(),
  /** An offline payout's state: its unsigned transaction ready to download, a signed one uploaded and being checked, why the last was refused */
  offline: z.object({ format: z.enum(['psbt', 'evm']).nullable(), ready: z.boolean(), uploaded: z.boolean(), rejection: z.string().nullable() }).nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayout>;

/** A hot wallet as its signer last reported it, against its limits and the payouts waiting for it. */
export const HotWalletStatus = z.object({
  network: Chain,
  coin: z.string(),
  address: z.string(),
  /** Coin units, decimal strings; balance null when the signer could not read it */
  balance: z.string().nullable(),
  perPayoutLimit: z.string(),
  dailyLimit: z.string(),
  /** What the queued payouts of the chain add up to */
  queued: z.string(),
  /** Whether the balance covers them: when false the payouts wait until the wallet is funded */
  covered: z.boolean(),
});
export type HotWalletStatus = z.infer<typeof HotWalletStatus>;

/** A signer process and when it last reported. */
export const SignerHealth = z.object({ signer: z.string(), startedAt: isoDateTime, seenAt: isoDateTime, alive: z.boolean(), lastError: z.string().nullable() });
export type SignerHealth = z.infer<typeof SignerHealth>;

/** GET /admin/payouts: the signers, the hot wallets, the open payouts (and the latest confirmed), what needs an admin now. */
export const PayoutsOverview = z.object({
  signers: z.array(SignerHealth),
  wallets: z.array(HotWalletStatus),
  payouts: z.array(AdminPayout),
  /** Plain sentences: no signer alive, a hot wallet that cannot cover its queue, stuck or failed payouts */
  alerts: z.array(z.string()),
});
export type PayoutsOverview = z.infer<typeof PayoutsOverview>;

/** GET /admin/payouts/{id}/unsigned: what the offline signer signs (a BIP174 PSBT in base64, or an unsigned EIP-1559 transaction in hex). */
export const UnsignedPayout = z.object({ format: z.enum(['psbt', 'evm']), filename: z.string(), unsigned: z.string() });
export type UnsignedPayout = z.infer<typeof UnsignedPayout>;

/** GET /admin/chain: the followers, the payments that need an eye, the reserves, the flagged accounts. */
export const ChainStatus = z.object({
  followers: z.array(ChainFollower),
  attention: z.array(ChainPaymentRow),
  reserves: z.array(ChainReserve),
  flagged: z.array(ReviewFlag),
});
export type ChainStatus = z.infer<typeof ChainStatus>;

/** GET /admin/ledger/verify: the seal chain recomputed from the transfers (docs/ledger.md "Seals"). */
export const LedgerVerification = z.object({
  ok: z.boolean(),
  seals: z.number().int(),
  sealedTransfers: z.number().int(),
  unsealedTransfers: z.number().int(),
  head: z.object({ seal: z.number().int(), hash: z.string(), lastTransfer: z.string() }).nullable(),
  firstBroken: z.object({ seal: z.number().int(), transferId: z.string().nullable(), problem: z.string() }).nullable(),
});
export type LedgerVerification = z.infer<typeof LedgerVerification>;

/** GET /account/2fa. */
export const TwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
/** A passkey of the caller's (docs/security.md "Passkeys"). */
export const Passkey = z.object({ id: z.string(), name: z.string(), createdAt: isoDateTime, lastUsedAt: isoDateTime.nullable() });
export type Passkey = z.infer<typeof Passkey>;

/**
 * WebAuthn options (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON) to hand to
 * @simplewebauthn/browser as they are, and the id of the challenge they carry.
 */
export const PasskeyChallenge = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });
export type PasskeyChallenge = z.infer<typeof PasskeyChallenge>;

export const TwoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** An open session of the caller (docs/security.md "Sessions"). */
export const Session = z.object({
  id: z.string(),
  /** From the user agent, e.g. 'Chrome on Windows' */
  device: z.string(),
  ip: z.string(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  /** The session making this request */
  current: z.boolean(),
});
export type Session = z.infer<typeof Session>;
export const SignIn = z.object({ at: isoDateTime, device: z.string(), ip: z.string(), success: z.boolean() });
export type SignIn = z.infer<typeof SignIn>;

/** The investor's portfolio value over time, from the ledger (dashboard chart). */
export const PortfolioHistory = z.object({
  range: z.string(),
  /** The value of all the investor's accounts (available, held, invested, earnings) at each time, oldest first */
  points: z.array(z.object({ at: isoDateTime, value: usdFigure })),
  /** Deposits credited and withdrawals paid out in the range (newest 100), oldest first */
  events: z.array(z.object({ at: isoDateTime, kind: z.enum(['deposit', 'withdrawal']), amount: usdFigure })),
});
export type PortfolioHistory = z.infer<typeof PortfolioHistory>;

/** A published proof-of-liabilities snapshot (docs/ledger.md "Proof of liabilities"); amounts in cents. */
const cents = z.string().regex(/^-?\d+$/);
export const LiabilitySnapshot = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  rootHash: z.string(),
  /** LIABILITY_COLUMNS, in order */
  columns: z.array(z.string()),
  totals: z.array(cents),
  depth: z.number().int(),
  leafCount: z.number().int(),
  /** The ledger's newest seal when taken (docs/ledger.md "Seals"): keep it to detect a later rewrite. */
  ledgerHead: z.object({ seal: z.number().int(), hash: z.string() }).nullable(),
});
export type LiabilitySnapshot = z.infer<typeof LiabilitySnapshot>;
export const LiabilityProof = z.object({
  snapshotId: z.string(),
  uid: z.string(),
  index: z.number().int(),
  nonce: z.string(),
  balances: z.array(cents),
  siblings: z.array(z.object({ hash: z.string(), sums: z.array(cents) })),
});
export type LiabilityProof = z.infer<typeof LiabilityProof>;

/** GET /admin/liabilities/audit: the whole latest tree rechecked (null before the first snapshot). */
export const LiabilityAudit = z.object({ snapshotId: z.string(), ok: z.boolean(), problem: z.string().nullable(), leafCount: z.number().int().nullable() });
export type LiabilityAudit = z.infer<typeof LiabilityAudit>;

/** GET /admin/jobs: the job queue (docs/server.md "Jobs"). */
export const JobQueueCounts = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});
export const FailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  /** The failure's message (no stack). */
  error: z.string(),
  retryCount: z.number().int(),
  createdAt: isoDateTime,
  failedAt: isoDateTime.nullable(),
});
export type FailedJob = z.infer<typeof FailedJob>;
export const JobsOverview = z.object({ queues: z.array(JobQueueCounts), failed: z.array(FailedJob) });
export type JobsOverview = z.infer<typeof JobsOverview>;

export const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof Health>;

export { Role };
