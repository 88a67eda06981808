// `pnpm signer`: the payout signer, its own process (docs/chain.md "The signer"). It holds the hot
// wallet's keys, derived from the mnemonic in SIGNER_MNEMONIC_FILE, and talks to PostgreSQL as its
// own role (the payout tables only) and to the chains' nodes. The API server never loads this.
import { ConfigError } from '../config';
import { openPostgres } from '../db/postgres';
import { loadSignerConfig } from './config';
import { hotWallet } from './keys';
import { buildPayers } from './payers';
import { signerRound, type SignerContext } from './round';

const log = (message: string, fields: Record<string, unknown> = {}) => console.log(JSON.stringify({ time: new Date().toISOString(), msg: message, ...fields }));

async function main(): Promise<void> {
  let config;
  try {
    config = loadSignerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const wallet = hotWallet(config.mnemonic, config.chain.bitcoin?.network ?? 'mainnet');
  const db = openPostgres({ url: config.databaseUrl, poolSize: 2 });
  const payers = await buildPayers(config, wallet);
  const ctx: SignerContext = {
    db,
    id: config.id,
    payers,
    rebroadcastSeconds: config.rebroadcastSeconds,
    replaceSeconds: config.replaceSeconds,
    log,
    ...(config.fault === 'exit-after-sign' ? { afterSign: () => process.kill(process.pid, 'SIGKILL') } : {}),
  };
  log('signer started', { signer: config.id, chains: payers.map((p) => ({ chain: p.chain, address: p.address })) });

  let stopping = false;
  const stop = () => {
    stopping = true;
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  while (!stopping) {
    try {
      const round = await signerRound(ctx);
      if (round.signed || round.rebroadcast || round.offline || round.errors.length) log('signer round', { ...round });
    } catch (error) {
      // The database or a node is away: the next round tries again; nothing was half done (each step is one transaction).
      log('signer round failed', { error: error instanceof Error ? error.message : String(error) });
    }
    await new Promise((resolve) => setTimeout(resolve, config.pollMs));
  }
  await db.close();
}

void main();
