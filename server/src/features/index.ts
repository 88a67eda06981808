import type { FastifyPluginAsync } from 'fastify';
import health from './health/routes';
import auth from './auth/routes';
import users from './users/routes';
import invites from './invites/routes';
import uploads from './uploads/routes';
import walletAddresses from './wallet-addresses/routes';
import traders from './traders/routes';
import deposits from './deposits/routes';
import withdrawals from './withdrawals/routes';
import plans from './plans/routes';
import investments from './investments/routes';
import earnings from './earnings/routes';
import transactions from './transactions/routes';
import solvency from './solvency/routes';
import chain from './chain/routes';
import payouts from './payouts/routes';
import ledger from './ledger/routes';
import jobs from './jobs/routes';
import liabilities from './liabilities/routes';
import sessions from './sessions/routes';
import twoFactor from './two-factor/routes';
import passkeys from './passkeys/routes';
import password from './password/routes';
import live from './live/routes';

/** Every feature's routes; app.ts registers them all under /api. */
export const features: FastifyPluginAsync[] = [
  health,
  auth,
  users,
  invites,
  uploads,
  walletAddresses,
  traders,
  deposits,
  withdrawals,
  plans,
  investments,
  earnings,
  transactions,
  solvency,
  chain,
  payouts,
  ledger,
  jobs,
  liabilities,
  sessions,
  twoFactor,
  passkeys,
  password,
  live,
];
