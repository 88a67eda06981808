import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/types';
import { approveDeposit, createDeposit } from '../services/deposits';
import { creditEarnings } from '../services/earnings';
import { approveInvestment, createInvestment } from '../services/investments';
import { createPlan } from '../services/plans';
import { approveWithdrawal, requestWithdrawal } from '../services/withdrawals';
import type { Storage } from '../storage/storage';
import { avatarPng } from './avatar';

export const DEMO_EMAIL = 'demo@halcyon.test';
export const DEMO_PASSWORD = 'Demo12345!';
/** Only when no admin exists (no ADMIN_EMAIL either): the demo needs someone to have approved things. */
const DEMO_ADMIN_EMAIL = 'admin@halcyon.test';
const DEMO_ADMIN_PASSWORD = 'Admin12345!';

export interface SeedDeps {
  db: Db;
  config: Config;
  storage: Storage;
  log: FastifyBaseLogger;
}

const cents = (usd: number) => Math.round(usd * 100);

async function ensureAdmin(q: Queryable, config: Config): Promise<string> {
  const existing = await q.query<{ id: string }>("SELECT id FROM users WHERE role = 'admin' AND closed_at IS NULL ORDER BY created_at LIMIT 1");
  if (existing.rows[0]) return existing.rows[0].id;
  const id = randomUUID();
  await q.query("INSERT INTO users (id, name, username, email, password_hash, role) VALUES ($1, 'Demo Admin', $2, $3, $4, 'admin')", [
    id, `admin-${id.slice(0, 8)}`, DEMO_ADMIN_EMAIL, await hashPassword(DEMO_ADMIN_PASSWORD, config.scryptCost),
  ]);
  return id;
}

const TRADERS: Array<{ name: string; wins: number; losses: number; profitShare: string; rgb: [number, number, number] }> = [
  { name: 'Aurora Capital', wins: 182, losses: 41, profitShare: '20%', rgb: [236, 72, 153] },
  { name: 'Kestrel Quant', wins: 95, losses: 60, profitShare: '15%', rgb: [56, 189, 248] },
  { name: 'Meridian Swing', wins: 44, losses: 38, profitShare: '10%', rgb: [250, 204, 21] },
];

/**
 * A demo world, once (skipped when the demo investor exists): the investor demo@halcyon.test,
 * plans, traders with pictures, the deposit addresses and some history made through the ledger's
 * own service functions, so every figure is real ledger data.
 */
export async function seedDemo({ db, config, storage, log }: SeedDeps): Promise<boolean> {
  const images: string[] = [];
  for (const t of TRADERS) {
    const name = `${randomUUID()}.png`;
    await storage.put(name, avatarPng(t.rgb), 'image/png');
    images.push(name);
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.scryptCost);
  const seeded = await db.tx(async (q) => {
    // The same lock as the first-admin bootstrap: two processes seeding together seed once.
    await q.query('SELECT pg_advisory_xact_lock($1)', [7_243_013]);
    if ((await q.query('SELECT 1 FROM users WHERE email = $1', [DEMO_EMAIL])).rows.length) return false;
    const adminId = await ensureAdmin(q, config);
    const uid = randomUUID();
    await q.query(
      `INSERT INTO users (id, name, username, email, phone_number, password_hash, role, dob, state, city, bank_name, account_number, routing_number, bitcoin, ethereum, sol, usdt)
       VALUES ($1, 'Demo Investor', 'demo', $2, '+14155550123', $3, 'user', '1992-04-18', 'California', 'San Francisco', 'First Demo Bank', '000123456789', '021000021',
               'bc1qdemoinvestor0000000000000000000000', '0xDemoInvestor000000000000000000000000000', 'DemoInvestorSo1ana1111111111111111111111', 'TDemoInvestorUsdt111111111111111111')`,
      [uid, DEMO_EMAIL, passwordHash],
    );
    for (const [i, t] of TRADERS.entries()) {
      await q.query('INSERT INTO traders (id, name, image_url, wins, losses, profit_share) VALUES ($1, $2, $3, $4, $5, $6)', [
        randomUUID(), t.name, `${config.apiBaseUrl}/media/${images[i]}`, t.wins, t.losses, t.profitShare,
      ]);
      await q.query('INSERT INTO uploads (name, content_type, size, uploaded_by) VALUES ($1, $2, $3, $4)', [images[i], 'image/png', avatarPng(t.rgb).length, adminId]);
    }
    await q.query(
      `INSERT INTO wallet_addresses (id, bitcoin, ethereum, sol, usdt) VALUES ($1, 'bc1qhalcyondemocustody0000000000000000', '0xHa1cyonDemoCustody00000000000000000000', 'Ha1cyonDemoCustodySo1ana111111111111111', 'THa1cyonDemoCustodyUsdt1111111111111')
       ON CONFLICT (singleton) DO NOTHING`,
      [randomUUID()],
    );
    const starter = await createPlan(q, adminId, { name: 'Starter', minAmount: 100, maxAmount: 1000, returns: 5, duration: 7 });
    const growth = await createPlan(q, adminId, { name: 'Growth', minAmount: 1000, maxAmount: 10000, returns: 12, duration: 30 });
    await createPlan(q, adminId, { name: 'Premium', minAmount: 10000, maxAmount: 100000, returns: 25, duration: 90 });
    await createPlan(q, adminId, { name: 'Demo VIP', minAmount: 500, maxAmount: 50000, returns: 18, duration: 60, uid });

    const btc = await createDeposit(q, null, uid, 'bitcoin', cents(5000));
    await approveDeposit(q, adminId, btc.id, 'bitcoin');
    const usdt = await createDeposit(q, null, uid, 'usdt', cents(2500));
    await approveDeposit(q, adminId, usdt.id, 'usdt');
    const eth = await createDeposit(q, null, uid, 'ethereum', cents(1200));
    await approveDeposit(q, adminId, eth.id, 'ethereum');
    await createDeposit(q, null, uid, 'solana', cents(400));

    const withdraw = (method: 'usdt' | 'bitcoin', usd: number, address: string) =>
      requestWithdrawal(q, { uid, method, amountCents: cents(usd), address, bank: null, maxOpen: config.requestLimits.maxPendingWithdrawals, alert: null }, null);
    const paid = await withdraw('usdt', 300, 'TDemoInvestorUsdt111111111111111111');
    if (paid.claimed) await approveWithdrawal(q, adminId, paid.record.id);
    await withdraw('bitcoin', 150, 'bc1qdemoinvestor0000000000000000000000');

    const active = await createInvestment(q, uid, growth.id, 'BTC', cents(2000));
    await approveInvestment(q, active.id);
    await creditEarnings(q, { adminUid: adminId, uid, investmentId: active.id, planId: growth.id, amountCents: cents(85.5), reason: 'Weekly performance bonus' });
    await createInvestment(q, uid, starter.id, 'USDT', cents(250));
    return true;
  });
  log.info({ seeded, email: DEMO_EMAIL }, seeded ? 'demo data seeded' : 'demo data already present');
  return seeded;
}
