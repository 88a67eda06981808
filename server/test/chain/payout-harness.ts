import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { Transaction } from '@scure/btc-signer';
import { parseTransaction, type TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bitcoinNode, bitcoinRpc, btcToSats, jsonRpc, LITECOIN_REGTEST } from '@halcyon/test-kit/chain';
import type { SignerConfig } from '../../src/signer/config';
import { hotWallet, type HotWallet } from '../../src/signer/keys';
import { buildPayers } from '../../src/signer/payers';
import { signerRound, type RoundResult, type SignerContext } from '../../src/signer/round';
import type { TestServer, TestUser } from '../harness';
import { chainConfig, deposit, nodes } from './harness';

// What the payout tests share: a hot wallet of the test's own, a signer run in this process on the
// test server's database, funds for the wallet, and an investor with money to withdraw.

/** Generous hot limits, in coin units: the limit tests set their own. */
const HOT_LIMITS: SignerConfig['limits'] = {
  btc: { perPayout: '1', daily: '5' },
  eth: { perPayout: '1', daily: '5' },
  usdt: { perPayout: '10000', daily: '50000' },
};

/** A new hot wallet: a mnemonic of its own, so earlier tests' coins are not in it. */
export function newHotWallet(): { mnemonic: string; wallet: HotWallet } {
  const mnemonic = generateMnemonic(wordlist);
  return { mnemonic, wallet: hotWallet(mnemonic, 'litecoin-regtest') };
}

/**
 * An offline (cold) wallet: the signer gets its public account key and fingerprint and its EVM
 * address; the test holds the seed and signs what an admin downloads, as the offline device would.
 */
export function newColdWallet() {
  const mnemonic = generateMnemonic(wordlist);
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic), LITECOIN_REGTEST.bip32);
  const evm = hotWallet(mnemonic, 'litecoin-regtest').evm;
  const keys = hotWallet(mnemonic, 'litecoin-regtest').bitcoin;
  const pathText = (path: number[]) => `m/${path.map((i) => (i >= HARDENED_OFFSET ? `${i - HARDENED_OFFSET}'` : String(i))).join('/')}`;
  return {
    config: { bitcoin: { accountXpub: master.derive("m/84'/1'/0'").publicExtendedKey, fingerprint: master.fingerprint }, evmAddress: evm.address },
    bitcoinAddress: keys.receive.address,
    evmAddress: evm.address,
    /** Signs each input of a PSBT with the key its derivation names. */
    signPsbt(psbt: string): string {
      const tx = Transaction.fromPSBT(Buffer.from(psbt, 'base64'));
      for (let i = 0; i < tx.inputsLength; i++) {
        for (const [, { path }] of tx.getInput(i).bip32Derivation ?? []) {
          const key = master.derive(pathText(path)).privateKey;
          if (!key) throw new Error('no private key');
          tx.signIdx(key, i);
        }
      }
      return Buffer.from(tx.toPSBT()).toString('base64');
    },
    /** Signs an unsigned EIP-1559 transaction, changed by `over` (a tampering test). */
    signEvm: (unsigned: string, over: Partial<TransactionSerializableEIP1559> = {}) =>
      privateKeyToAccount(evm.privateKey).signTransaction({ ...(parseTransaction(unsigned as `0x${string}`) as TransactionSerializableEIP1559), ...over }),
  };
}

/** 2 sat/vB on Bitcoin whatever the node estimates (other files' payouts may have given it data): fees the tests can predict. */
export function signerConfig(mnemonic: string, overrides: Partial<SignerConfig> = {}): SignerConfig {
  return {
    id: 'test-signer', databaseUrl: 'unused', mnemonic, chain: chainConfig({ payouts: true }), limits: HOT_LIMITS,
    pollMs: 100, rebroadcastSeconds: 3600, replaceSeconds: 3600, feeRate: { floor: 2, ceiling: 2 }, maxFeeGwei: 500, cold: { bitcoin: null, evmAddress: null }, fault: null, ...overrides,
  };
}

/** A signer in this process on `t`'s database: `round()` is one round of the real loop. */
export async function testSigner(t: TestServer, config: SignerConfig, extra: Partial<SignerContext> = {}) {
  const payers = await buildPayers(config, hotWallet(config.mnemonic, 'litecoin-regtest'));
  const ctx: SignerContext = { db: t.db, id: config.id, payers, rebroadcastSeconds: config.rebroadcastSeconds, replaceSeconds: config.replaceSeconds, log: () => undefined, ...extra };
  return { ctx, round: (): Promise<RoundResult> => signerRound(ctx) };
}

/** Coins to the hot wallet, mined: coins of `sats` to its Bitcoin address, wei of ETH and of BNB (gas), USDT units. */
export async function fundHot(wallet: HotWallet, amounts: { sats?: bigint[]; eth?: bigint; bnb?: bigint; usdt?: bigint }): Promise<void> {
  // Each coin its own output: payouts signed before the last is mined spend coins of their own.
  for (const sats of amounts.sats ?? []) await nodes.sendBtc(wallet.bitcoin.receive.address, sats);
  if (amounts.sats?.length) await nodes.mineBtc(1);
  if (amounts.eth) await nodes.sendEth('ethereum', wallet.evm.address, amounts.eth);
  if (amounts.bnb) await nodes.sendEth('bsc', wallet.evm.address, amounts.bnb);
  if (amounts.usdt) await nodes.sendUsdt(wallet.evm.address, amounts.usdt);
  if (amounts.eth) await nodes.mineEvm('ethereum', 1);
  if (amounts.bnb || amounts.usdt) await nodes.mineEvm('bsc', 1);
}

type Method = 'bitcoin' | 'ethereum' | 'usdt';

/** `usd` in the investor's balance of `method`'s asset: a manual deposit (no key set) an admin approves. */
export async function fund(t: TestServer, admin: { token: string }, user: TestUser, method: Method, usd: number): Promise<void> {
  const d = await deposit(t, user, method, usd);
  const res = await t.call('approveDeposit', { token: admin.token, params: { id: d.id, method } });
  if (res.status !== 200) throw new Error(`approveDeposit: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A withdrawal of `usd` to `address`, approved by the admin: its payout is queued. Returns the withdrawal's id. */
export async function approvedWithdrawal(t: TestServer, admin: { token: string }, user: TestUser, method: Method, usd: number, address: string): Promise<string> {
  const filed = await t.call('createWithdrawal', { token: user.token, body: { method, amount: usd, to: user.uid, address } });
  if (filed.status !== 201) throw new Error(`createWithdrawal: ${filed.status} ${JSON.stringify(filed.body)}`);
  const id = filed.body.data.id;
  const approved = await t.call('approveWithdrawal', { token: admin.token, params: { id } });
  if (approved.status !== 200) throw new Error(`approveWithdrawal: ${approved.status} ${JSON.stringify(approved.body)}`);
  return id;
}

/** The investor's view of a withdrawal's payout: their own transactions list. */
export async function payoutView(t: TestServer, user: TestUser, id: string) {
  const res = await t.call('getTransactions', { token: user.token, query: { limit: 50 } });
  if (res.status !== 200) throw new Error(`getTransactions: ${res.status} ${JSON.stringify(res.body)}`);
  const found = res.body.data.find((w) => w.id === id && w.type === 'withdraw');
  if (!found) throw new Error(`withdrawal ${id} not listed`);
  return found.payout;
}

export interface PayoutRecord {
  status: string;
  txid: string | null;
  units: string;
  attempts: number;
  last_error: string | null;
  transactions: number;
}

export async function payoutRecord(t: TestServer, withdrawalId: string): Promise<PayoutRecord> {
  const { rows } = await t.db.query<PayoutRecord>(
    `SELECT p.status, p.txid, p.units::text, p.attempts, p.last_error, (SELECT count(*)::int FROM payout_transactions x WHERE x.payout_id = p.id) AS transactions
       FROM payouts p WHERE p.withdrawal_id = $1`,
    [withdrawalId],
  );
  if (!rows[0]) throw new Error(`no payout for withdrawal ${withdrawalId}`);
  return rows[0];
}

/** A fresh address of the node's own wallet (a destination the test can read back). */
export const nodeAddress = () => bitcoinRpc<string>(bitcoinNode(nodes).rpcUrl, 'getnewaddress', [], bitcoinNode(nodes).wallet);

/** The outputs of a Bitcoin transaction: address and sats of each. */
export async function bitcoinOutputs(txid: string): Promise<{ address: string; sats: bigint }[]> {
  const tx = await bitcoinRpc<{ vout: { value: number; scriptPubKey: { address?: string; addresses?: string[] } }[] }>(bitcoinNode(nodes).rpcUrl, 'getrawtransaction', [txid, true]);
  return tx.vout.map((o) => ({ address: o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0] ?? '', sats: btcToSats(o.value) }));
}

/** ETH (wei) at `address` on `chain`, at the latest block. */
export const evmBalance = async (chain: 'ethereum' | 'bsc', address: string) => BigInt(await jsonRpc<string>(nodes[chain].rpcUrl, 'eth_getBalance', [address, 'latest']));

/** USDT units at `address` on bsc (balanceOf). */
export async function usdtBalance(address: string): Promise<bigint> {
  const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`;
  return BigInt(await jsonRpc<string>(nodes.bsc.rpcUrl, 'eth_call', [{ to: nodes.contracts.usdt, data }, 'latest']));
}
