import type { Deposit, DepositPayment, Investment, LedgerEntry, Plan, Trader, Transaction, UserProfile, WalletAddress, Withdrawal } from '@halcyon/api-client/model';

// Contract-shaped records (api-client/src/contract/entities.ts) for the stubs.

export const profile = (over: Partial<UserProfile> = {}): UserProfile => ({
  uid: 'u-1',
  id: 'u-1',
  role: 'user',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phoneNumber: '+14155550123',
  dob: '1995-04-12',
  profilePic: null,
  state: 'Lagos',
  city: 'Ikeja',
  bankName: 'First Bank',
  accountNumber: '0123456789',
  routingNumber: '021000021',
  bitcoin: 'bc1qada',
  ethereum: '0xada',
  sol: 'SoLada',
  usdt: 'TUada',
  earnings: 120,
  balance: 4300.5,
  totalWithdrawals: 250,
  totalDeposits: 5000,
  btcBal: 1500.25,
  usdtBal: 1000,
  ethBal: 1200.25,
  solBal: 600,
  copyTraders: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const wallet = (over: Partial<WalletAddress> = {}): WalletAddress => ({
  _id: 'w-1',
  bitcoin: 'bc1qplatformbtc',
  ethereum: '0xplatformeth',
  sol: 'SoLplatform',
  usdt: 'TUplatformusdt',
  ...over,
});

export const plan = (over: Partial<Plan> = {}): Plan => ({
  id: 'p-1',
  name: 'Starter',
  minAmount: 100,
  maxAmount: 1000,
  returns: 10,
  duration: 30,
  uid: null,
  user: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const investment = (over: Partial<Investment> = {}): Investment => ({
  id: 'inv-abc123',
  uid: 'u-1',
  plan_id: 'p-1',
  plan_name: 'Starter',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  amount: 500,
  method: 'BTC',
  asset: 'btc',
  status: 'approved',
  duration: 30,
  returns: 10,
  createdAt: '2026-03-01T10:00:00.000Z',
  endDate: '2026-03-31T10:00:00.000Z',
  endedReason: null,
  endedAt: null,
  earnings: 0,
  earningBalance: 0,
  plan_price: 500,
  ...over,
});

export const transaction = (over: Partial<Transaction> = {}): Transaction => ({
  id: 't-1',
  type: 'deposit',
  method: 'bitcoin',
  amount: 250,
  status: 'approved',
  createdAt: '2026-03-02T10:00:00.000Z',
  source: 'deposit',
  user: { name: 'Ada Lovelace', email: 'ada@example.com' },
  ...over,
});

export const trader = (over: Partial<Trader> = {}): Trader => ({
  _id: 'tr-1',
  name: 'Grace Hopper',
  imageUrl: '/uploads/grace.png',
  wins: 70,
  losses: 30,
  winRate: 70,
  profitShare: '20%',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const withdrawal = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 'w-1',
  uid: 'u-1',
  amount: 50,
  method: 'usdt',
  address: 'TAdaUsdt1',
  destination: 'TAdaUsdt1',
  status: 'pending',
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
  user: { name: 'Ada Lovelace', email: 'ada@example.com' },
  ...over,
});

export const deposit = (over: Partial<Deposit> = {}): Deposit => ({
  id: 'd-1',
  uid: 'u-1',
  amount: 250.5,
  method: 'ethereum',
  status: 'pending',
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
  user: { name: 'Ada Lovelace', email: 'ada@example.com' },
  ...over,
});

/** A deposit's on-chain quote (issue 26): 250.50 USD as BTC to the investor's own address, waiting, 15 minutes from 10:00 UTC. */
export const payment = (over: Partial<DepositPayment> = {}): DepositPayment => ({
  network: 'bitcoin',
  coin: 'BTC',
  address: 'bc1qadaownaddress0000000000000000000000000',
  cryptoAmount: '0.00416667',
  uri: 'bitcoin:bc1qadaownaddress0000000000000000000000000?amount=0.00416667',
  expiresAt: '2026-11-27T10:15:00.000Z',
  confirmationsRequired: 2,
  state: 'waiting',
  txid: null,
  confirmations: 0,
  paidAmount: null,
  explorerUrl: null,
  ...over,
});

/** A GET /user/ledger entry: by default an administrator's 600 deposit into available USDT; a movement of its own transfer. */
export function ledgerEntry(over: Partial<LedgerEntry> = {}): LedgerEntry {
  const transferId = over.transferId ?? '1';
  return {
    transferId, movementId: transferId, account: 'available:usdt', asset: 'usdt', amount: 600, kind: 'deposit', reason: 'Deposit approved (usdt)', actor: 'administrator',
    balanceAfter: 600, assetBalanceAfter: 600, ref: 'deposit:d1', createdAt: '2026-10-05T10:00:00.000Z', ...over,
  };
}
