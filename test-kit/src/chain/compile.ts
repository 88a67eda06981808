// The test contracts (contracts/*.sol) compiled with solc-js, cached by the sources' hash under
// the repo's .tmp/ (loading and running solc takes about a second; reading the cache, nothing).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';

const contractsDir = join(__dirname, 'contracts');
const repoRoot = join(__dirname, '..', '..', '..');
const cacheDir = join(repoRoot, '.tmp', 'solc');

type ContractName = 'TetherToken' | 'PriceFeed';

interface Artifact {
  abi: Abi;
  bytecode: Hex;
  /** solc's storage layout: slot of each state variable (setPrice writes the feed's slots). */
  storage: { label: string; slot: string; offset: number; type: string }[];
}

export type Artifacts = Record<ContractName, Artifact>;

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'storageLayout'] } },
};

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } }; storageLayout: { storage: Artifact['storage'] } }>>;
}

function sources(): Record<string, { content: string }> {
  const files = readdirSync(contractsDir).filter((f) => f.endsWith('.sol')).sort();
  return Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(contractsDir, f), 'utf8') }]));
}

/** The artifacts of every contract, from the cache when the sources and settings are unchanged. */
export async function compileContracts(): Promise<Artifacts> {
  const input = { language: 'Solidity', sources: sources(), settings: SETTINGS };
  const inputJson = JSON.stringify(input);
  const solcVersion = (JSON.parse(readFileSync(require.resolve('solc/package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(solcVersion).update(inputJson).digest('hex').slice(0, 16);
  const cacheFile = join(cacheDir, `contracts-${hash}.json`);
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as Artifacts;
  } catch {
    // not cached yet
  }
  // soljson (emscripten) adds process handlers that rethrow any unhandled rejection and exit on
  // an uncaught exception: not in our process.
  const rejections = new Set(process.listeners('unhandledRejection'));
  const exceptions = new Set(process.listeners('uncaughtException'));
  const { default: solc } = await import('solc');
  for (const l of process.listeners('unhandledRejection')) if (!rejections.has(l)) process.off('unhandledRejection', l);
  for (const l of process.listeners('uncaughtException')) if (!exceptions.has(l)) process.off('uncaughtException', l);
  const output = JSON.parse(solc.compile(inputJson) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const pick = (file: string, name: ContractName): Artifact => {
    const contract = output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`solc produced no ${name} from ${file}`);
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, storage: contract.storageLayout.storage };
  };
  const artifacts: Artifacts = { TetherToken: pick('TetherToken.sol', 'TetherToken'), PriceFeed: pick('PriceFeed.sol', 'PriceFeed') };
  // Written aside and renamed: two runs compiling at once never read half a file.
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(artifacts));
  renameSync(partial, cacheFile);
  return artifacts;
}
