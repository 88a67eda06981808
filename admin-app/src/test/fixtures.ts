// Contract-shaped records (types from api-client's entities) for stubbed responses.
import type { AdminInvite, AdminPayout, AdminUserRow, ChainFollower, ChainPaymentRow, ChainReserve, ChainStatus, Deposit, DepositPayment, EarningEntry, FailedJob, HotWalletStatus, Investment, JobsOverview, LiabilitySnapshot, PayoutsOverview, Plan, SignerHealth, Solvency, Trader, Transaction, WalletAddress, Withdrawal } from '@halcyon/api-client/model';

const at = '2026-11-01T10:00:00.000Z';
const jane = { name: 'Jane Doe', email: 'jane@example.com' };

export function userRow(over: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    uid: 'u1', id: 'u1', role: 'user', name: 'Jane Doe', username: 'jane', email: 'jane@example.com', phoneNumber: '+14155550123',
    dob: null, profilePic: null, state: '', city: '', bankName: '', accountNumber: '', routingNumber: '', bitcoin: '', ethereum: '', sol: '', usdt: '',
    earnings: 0, balance: 1500, totalWithdrawals: 0, totalDeposits: 1500, btcBal: 1000, usdtBal: 500, ethBal: 0, solBal: 0, copyTraders: [], createdAt: at,
    ...over,
  };
}

export function deposit(over: Partial<Deposit> = {}): Deposit {
  return { id: 'd1', uid: 'u1', amount: 250, method: 'bitcoin', status: 'pending', createdAt: at, decidedAt: null, user: jane, ...over };
}

/** A deposit's quote and its payment (issue 26): 250 USD as BTC, waiting. */
export function depositPayment(over: Partial<DepositPayment> = {}): DepositPayment {
  return {
    network: 'bitcoin', coin: 'BTC', address: 'bc1qjane', cryptoAmount: '0.00416667', uri: 'bitcoin:bc1qjane?amount=0.00416667', expiresAt: '2026-11-01T10:15:00.000Z',
    confirmationsRequired: 2, state: 'waiting', txid: null, confirmations: 0, paidAmount: null, explorerUrl: null, ...over,
  };
}

export function withdrawal(over: Partial<Withdrawal> = {}): Withdrawal {
  return { id: 'w1', uid: 'u1', amount: 120, method: 'ethereum', address: '0xabc', destination: '0xabc', status: 'pending', createdAt: at, decidedAt: null, user: jane, ...over };
}

export function plan(over: Partial<Plan> = {}): Plan {
  return { id: 'p1', name: 'Gold', minAmount: 100, maxAmount: 5000, returns: 12.5, duration: 30, uid: null, user: null, createdAt: at, ...over };
}

export function investment(over: Partial<Investment> = {}): Investment {
  return {
    id: 'i1', uid: 'u1', plan_id: 'p1', plan_name: 'Gold', name: 'Jane Doe', email: 'jane@example.com', amount: 1000, method: 'BTC', asset: 'btc',
    status: 'approved', duration: 30, returns: 12.5, createdAt: at, endDate: '2026-12-01T10:00:00.000Z', endedReason: null, endedAt: null,
    earnings: 40, earningBalance: 40, plan_price: 1000,
    ...over,
  };
}

export function trader(over: Partial<Trader> = {}): Trader {
  return { _id: 't1', name: 'Max Alpha', imageUrl: '/uploads/max.png', wins: 30, losses: 10, winRate: 75, profitShare: '20%', createdAt: at, ...over };
}

export function earning(over: Partial<EarningEntry> = {}): EarningEntry {
  return { id: 'e1', uid: 'u1', user: jane, kind: 'credit', amount: 50, investment_id: 'i1', plan_id: 'p1', reason: 'Bonus', actor: 'a1', createdAt: at, ...over };
}

export function transaction(over: Partial<Transaction> = {}): Transaction {
  return { id: 'x1', type: 'deposit', method: 'bitcoin', amount: 250, status: 'approved', createdAt: at, source: 'deposit', user: jane, ...over };
}

export function wallet(over: Partial<WalletAddress> = {}): WalletAddress {
  return { _id: 'wa1', bitcoin: 'bc1-old', ethereum: '0x-old', sol: 'sol-old', usdt: 'usdt-old', ...over };
}

export function invite(over: Partial<AdminInvite> = {}): AdminInvite {
  return { code: 'INV-123456', createdAt: at, expiresAt: '2099-01-01T00:00:00.000Z', usedAt: null, usedBy: null, createdBy: 'a1', ...over };
}

export function solvency(over: Partial<Solvency> = {}): Solvency {
  return {
    assets: [
      { asset: 'btc', available: 1000, held: 0, invested: 500, owed: 1500, custody: 1500, gap: 0 },
      { asset: 'usdt', available: 500, held: 100, invested: 0, owed: 600, custody: 550, gap: -50 },
      { asset: 'eth', available: 0, held: 0, invested: 0, owed: 0, custody: 0, gap: 0 },
      { asset: 'sol', available: 0, held: 0, invested: 0, owed: 0, custody: 0, gap: 0 },
    ],
    earningsOwed: 40, returnsPaid: 40, totalOwed: 2140, totalCustody: 2050, totalUserBalances: 1500, totalUsers: 1,
    ...over,
  };
}

export function failedJob(over: Partial<FailedJob> = {}): FailedJob {
  return { id: '5b0e8a36-1f55-4d49-9d2a-1a1b2c3d4e5f', queue: 'mail', error: '421 mail server unavailable', retryCount: 8, createdAt: at, failedAt: at, ...over };
}

export function jobsOverview(failed: FailedJob[] = []): JobsOverview {
  const queue = (name: string) => ({ queue: name, waiting: 0, active: 0, failed: 0, completed: 3 });
  return { queues: [queue('history-sweep'), queue('idempotency-sweep'), queue('ledger-seal'), { ...queue('mail'), failed: failed.length }, queue('maturity'), queue('upload-sweep')], failed };
}

export function liabilitySnapshot(over: Partial<LiabilitySnapshot> = {}): LiabilitySnapshot {
  return {
    id: 'snap-1', createdAt: at, rootHash: 'a'.repeat(64), columns: ['btc', 'usdt', 'eth', 'sol', 'earnings'],
    totals: ['25000', '100000', '0', '0', '5000'], depth: 2, leafCount: 3, ledgerHead: { seal: 4, hash: 'b'.repeat(64) }, ...over,
  };
}

export function chainFollower(over: Partial<ChainFollower> = {}): ChainFollower {
  return {
    chain: 'bitcoin', coin: 'BTC', height: 812345, tip: 812346, lag: 1, confirmations: 2, reorgs: 3, deepestReorg: 2,
    lastError: null, lastErrorAt: null, updatedAt: '2026-11-27T10:00:00.000Z', ...over,
  };
}

export function chainPayment(over: Partial<ChainPaymentRow> = {}): ChainPaymentRow {
  return {
    id: 'cp1', chain: 'bitcoin', coin: 'BTC', txid: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d9f8e7d', outputIndex: 0, uid: 'u1', user: jane,
    address: 'bc1qjane', amount: '0.00000500', status: 'dust', valuation: null, credited: 0.42, blockHeight: 812300, seenAt: '2026-11-27T09:30:00.000Z',
    explorerUrl: 'https://mempool.example/tx/a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d9f8e7d', ...over,
  };
}

export function chainReserve(over: Partial<ChainReserve> = {}): ChainReserve {
  return {
    chain: 'bitcoin', asset: 'btc', coin: 'BTC', onChain: '0.02500000', onChainUsd: 1500.5, addresses: 12, height: 812345,
    measuredAt: '2026-11-27T09:55:00.000Z', owed: 1500, ...over,
  };
}

export function chainStatus(over: Partial<ChainStatus> = {}): ChainStatus {
  return { followers: [chainFollower()], attention: [], reserves: [chainReserve()], flagged: [], ...over };
}

/** A payout on the admins' queue (issue 27): 250 USD to Jane as BTC, queued for the hot wallet. */
export function adminPayout(over: Partial<AdminPayout> = {}): AdminPayout {
  return {
    id: 'po1', withdrawalId: 'w1', user: jane, network: 'bitcoin', coin: 'BTC', cryptoAmount: '0.00416666', amount: 250,
    destination: 'bc1qjanepayoutaddress0000000000000000xyz', status: 'queued', txid: null, explorerUrl: null, confirmations: 0, confirmationsRequired: 2,
    attempts: 0, lastError: null, createdAt: '2026-11-27T09:00:00.000Z', sentAt: null, stuck: false, offline: null, ...over,
  };
}

export function hotWallet(over: Partial<HotWalletStatus> = {}): HotWalletStatus {
  return {
    network: 'bitcoin', coin: 'BTC', address: 'bc1qhotwallet00000000000000000000000000abc', balance: '0.5', perPayoutLimit: '0.1', dailyLimit: '1',
    queued: '0.00416666', covered: true, ...over,
  };
}

export function signerHealth(over: Partial<SignerHealth> = {}): SignerHealth {
  return { signer: 'signer-a:4242', startedAt: '2026-11-27T08:00:00.000Z', seenAt: '2026-11-27T10:00:00.000Z', alive: true, lastError: null, ...over };
}

export function payoutsOverview(over: Partial<PayoutsOverview> = {}): PayoutsOverview {
  return { signers: [signerHealth()], wallets: [hotWallet()], payouts: [adminPayout()], alerts: [], ...over };
}
