import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainServerEnv, jsonRpc } from '@halcyon/test-kit/chain';
import { openPostgres } from '../../src/db/postgres';
import { setupTestServer } from '../harness';
import { chainConfig, nodes, price } from './harness';
import { approvedWithdrawal, fund, fundHot, newHotWallet, payoutRecord } from './payout-harness';

// The signer as operators run it (`pnpm signer`): its own process, its own database login in the
// halcyon_signer role, the mnemonic in a file. Killed with SIGKILL between signing and
// broadcasting, it sends the stored bytes when it comes back, never a second transaction.
// PostgreSQL only: the embedded database belongs to the server's process.

const t = setupTestServer({ chain: chainConfig({ payouts: true }), payoutSafety: { cooldownHours: 0, passwordPauseHours: 0 } });
const onPostgres = Boolean(process.env.DATABASE_URL);
const SERVER = join(__dirname, '..', '..');
const MAIN = join(SERVER, 'src', 'signer', 'main.ts');
/** A login of the cluster in the signer's role (migration 026), made once for the run. */
const LOGIN = 'halcyon_signer_test';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'halcyon-signer-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function signerLogin(): Promise<string> {
  const url = new URL(t().databaseUrl as string);
  await t().db.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${LOGIN}') THEN CREATE ROLE ${LOGIN} LOGIN IN ROLE halcyon_signer; END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  url.username = LOGIN;
  url.password = '';
  return url.toString();
}

function startSigner(env: Record<string, string>): { child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> } {
  // Node itself with tsx's loader (not tsx's CLI, a parent process): the signal is the signer's own.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: SERVER, env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  // What it logged, on a failure: the mnemonic must never be in it (checked below).
  (child as ChildProcess & { output: () => string }).output = () => output;
  return { child, exited };
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

(onPostgres ? test : test.skip)('kill -9 between signing and broadcasting: the signer comes back and sends the same transaction; its login reads the payout tables only', async () => {
  await price('eth', 3_000);
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { eth: 10n ** 18n });
  await fund(t(), admin, user, 'ethereum', 1_000);
  const id = await approvedWithdrawal(t(), admin, user, 'ethereum', 30, '0x000000000000000000000000000000000000e703');

  const mnemonicFile = join(dir, 'mnemonic');
  writeFileSync(mnemonicFile, `${mnemonic}\n`);
  chmodSync(mnemonicFile, 0o600);
  const login = await signerLogin();
  const env = {
    ...chainServerEnv(nodes.description, { confirmations: 3, pollMs: 60_000 }),
    SIGNER_MNEMONIC_FILE: mnemonicFile, SIGNER_DATABASE_URL: login, SIGNER_POLL_MS: '200', SIGNER_ID: 'process-test',
    HOT_LIMIT_ETH: '1', HOT_LIMIT_ETH_DAILY: '1', HOT_LIMIT_USDT: '100', HOT_LIMIT_USDT_DAILY: '100',
  };

  const dying = startSigner({ ...env, SIGNER_FAULT: 'exit-after-sign' });
  expect(await dying.exited).toBe('SIGKILL');
  const signed = await payoutRecord(t(), id);
  expect(signed).toMatchObject({ status: 'signed', transactions: 1 });
  // Signed and stored, never sent: the node has not seen it.
  expect(await jsonRpc(nodes.ethereum.rpcUrl, 'eth_getTransactionByHash', [signed.txid])).toBeNull();

  const back = startSigner(env);
  try {
    const sent = await until(() => payoutRecord(t(), id), (p) => p.status === 'sent', 'the payout to be sent');
    expect(sent).toMatchObject({ txid: signed.txid, transactions: 1, attempts: 1 });
    expect(await jsonRpc(nodes.ethereum.rpcUrl, 'eth_getTransactionByHash', [signed.txid])).not.toBeNull();
    // It says it is alive, with the hot wallet's balance, for the admins.
    const status = await until(() => t().db.query<{ signer: string }>('SELECT signer FROM signer_status'), (r) => r.rows.length > 0, 'a status');
    expect(status.rows[0]?.signer).toBe('process-test');
  } finally {
    back.child.kill('SIGTERM');
    await back.exited;
  }
  for (const c of [dying.child, back.child]) expect((c as ChildProcess & { output: () => string }).output()).not.toContain(mnemonic.split(' ').slice(0, 4).join(' '));

  // Its login reads and writes payouts, and nothing of the investors or the ledger.
  const asSigner = openPostgres({ url: login, poolSize: 1 });
  try {
    await expect(asSigner.query('SELECT count(*) FROM payouts')).resolves.toBeTruthy();
    await expect(asSigner.query('SELECT email FROM users LIMIT 1')).rejects.toThrow(/permission denied/);
    await expect(asSigner.query('SELECT * FROM transfers LIMIT 1')).rejects.toThrow(/permission denied/);
    await expect(asSigner.query("UPDATE withdrawals SET status = 'approved'")).rejects.toThrow(/permission denied/);
  } finally {
    await asSigner.close();
  }
}, 90_000);
