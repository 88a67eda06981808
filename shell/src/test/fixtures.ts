import type { AdminRecord, UserProfile } from '@halcyon/api-client/model';

/** Records shaped exactly like the contract's UserProfile / AdminRecord. */
export const userProfile: UserProfile = {
  uid: 'u1', id: 'u1', role: 'user', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', phoneNumber: '+14155550123',
  dob: null, profilePic: null, state: '', city: '', bankName: '', accountNumber: '', routingNumber: '', bitcoin: '', ethereum: '',
  sol: '', usdt: '', earnings: 0, balance: 0, totalWithdrawals: 0, totalDeposits: 0, btcBal: 0, usdtBal: 0, ethBal: 0, solBal: 0,
  copyTraders: [], createdAt: '2026-11-22T00:00:00.000Z',
};

export const adminRecord: AdminRecord = { id: 'a1', uid: 'a1', role: 'admin', name: 'Root', email: 'admin@halcyon.test', createdAt: '2026-11-22T00:00:00.000Z' };
