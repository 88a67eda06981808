// Node-side calls to the real API, for fixtures a journey needs but does not test (e.g. a user
// with a pending withdrawal for the admin journey). Paths and bodies are the contract's.
import { randomUUID } from 'node:crypto';
import { callApi } from '@halcyon/test-kit';
import { runInfo } from './run-info';

export class ApiFailure extends Error {
  constructor(readonly status: number, readonly body: { message?: string; code?: string }) {
    super(`${status} ${body.message ?? ''}`);
  }
}

export async function call<T = unknown>(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  const reply = await callApi<T>(runInfo().baseUrl, method, path, { ...opts, ...(method === 'POST' ? { idempotencyKey: randomUUID() } : {}) });
  if (reply.status >= 400) throw new ApiFailure(reply.status, (reply.body ?? {}) as { message?: string; code?: string });
  return reply.body;
}

interface Session { token: string; id: string; uid: string; name: string; email: string }

export async function login(email: string, password: string): Promise<Session> {
  const res = await call<{ data: { id: string; uid: string; name: string; email: string }; token: string }>('POST', '/auth/login', {
    body: { email, password },
  });
  return { token: res.token, ...res.data };
}

export const adminLogin = () => login(runInfo().adminEmail, runInfo().adminPassword);

export interface Investor { first: string; last: string; name: string; username: string; email: string; password: string; phone: string }

/** A new investor's details, unique per call so journeys never share an account. */
export function newInvestor(tag: string): Investor {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const first = `Ada${tag}`;
  const last = 'Lovelace';
  return {
    first,
    last,
    name: `${first} ${last}`,
    username: `ada_${tag}_${n}`.toLowerCase(),
    email: `ada.${tag}.${n}@example.test`.toLowerCase(),
    password: 'Correct-horse-9',
    phone: '+14155550123',
  };
}

export async function registerInvestor(inv: Investor): Promise<Session> {
  await call('POST', '/auth/register', {
    body: { name: inv.name, username: inv.username, phone: inv.phone, email: inv.email, password: inv.password },
  });
  return login(inv.email, inv.password);
}

/** A new investor with an approved deposit; `settings` (PATCH /user/profile) are saved first, so they are usable at once. */
export async function fundedInvestor(tag: string, amount: number, method = 'bitcoin', settings?: Record<string, string>): Promise<{ inv: Investor; session: Session }> {
  const inv = newInvestor(tag);
  const session = await registerInvestor(inv);
  if (settings) await call('PATCH', '/user/profile', { token: session.token, body: settings });
  const admin = await adminLogin();
  const dep = await call<{ data: { id: string } }>('POST', '/deposit', { token: session.token, body: { method, amount, from: session.uid } });
  await call('PATCH', `/admin/deposits/${dep.data.id}/${method}/approve`, { token: admin.token });
  return { inv, session };
}

export async function ensureWalletAddresses(addresses: { bitcoin: string; ethereum: string; sol: string; usdt: string }): Promise<void> {
  const admin = await adminLogin();
  const existing = await call<{ data: { _id: string }[] }>('GET', '/wallet-address', { token: admin.token });
  const first = existing.data[0];
  if (first) await call('PATCH', `/wallet-address/update/${first._id}`, { token: admin.token, body: addresses });
  else await call('POST', '/wallet-address', { token: admin.token, body: addresses });
}

/** Publishes a proof-of-liabilities snapshot as the first admin (what the overview's button does). */
export async function publishLiabilities(): Promise<void> {
  const admin = await adminLogin();
  await call('POST', '/admin/liabilities', { token: admin.token });
}

export async function createPlan(plan: { name: string; minAmount: number; maxAmount: number; returns: number; duration: number }): Promise<string> {
  const admin = await adminLogin();
  const res = await call<{ data: { id: string } }>('POST', '/admin/plans', { token: admin.token, body: plan });
  return res.data.id;
}

export async function uploadImage(token: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'trader.png');
  const { mediaUrl } = await call<{ mediaUrl?: string }>('POST', '/image/upload-single', { token, body: form });
  if (!mediaUrl) throw new Error('upload answered without a mediaUrl');
  return mediaUrl;
}

export async function createTrader(name: string, bytes: Buffer): Promise<string> {
  const admin = await adminLogin();
  const imageUrl = await uploadImage(admin.token, bytes);
  const res = await call<{ data: { _id?: string; id?: string } }>('POST', '/copyTrade', {
    token: admin.token,
    body: { name, imageUrl, wins: 12, losses: 4, profitShare: '20%' },
  });
  return res.data._id ?? res.data.id ?? '';
}
