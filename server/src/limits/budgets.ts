import { createHash } from 'node:crypto';
import type { Deps } from '../deps';
import type { Config } from '../config';
import { busy, tooManyRequests } from '../errors';
import { msUntilRoom, slidingCount } from './store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A named allowance: at most `limit(config)` hits per sliding `windowMs` per subject (0: off). */
export interface Budget {
  name: string;
  windowMs: number;
  limit: (config: Config) => number;
}

/** Every budget the server enforces; defaults and reasons in docs/security.md. */
export const budgets = {
  /** One client guessing one account's password. */
  loginClient: { name: 'login:ip+email', windowMs: MINUTE, limit: (c) => c.rateLimits.login },
  /** One account guessed from many IPs. */
  loginAccount: { name: 'login:email', windowMs: HOUR, limit: (c) => c.rateLimits.loginAccount },
  /** One IP trying many accounts (password spraying). */
  loginIp: { name: 'login:ip', windowMs: 10 * MINUTE, limit: (c) => c.rateLimits.loginIp },
  /** Accounts (investor or admin) created from one IP. */
  registerIp: { name: 'register:ip', windowMs: HOUR, limit: (c) => c.rateLimits.register },
  /** Reset mails to one address, however they are asked for (forgot_password or reset_password). */
  resetMail: { name: 'reset-mail:email', windowMs: HOUR, limit: (c) => c.rateLimits.reset },
  /** Reset requests of any kind (mails to many addresses, token guesses) from one IP. */
  resetIp: { name: 'reset:ip', windowMs: HOUR, limit: (c) => c.rateLimits.resetIp },
  /** Two-factor codes tried for one account (login, withdrawals, changes): 10⁶ codes must not be guessable. */
  secondFactor: { name: '2fa:uid', windowMs: 10 * MINUTE, limit: (c) => c.rateLimits.secondFactor },
  /**
   * Passkey sign-in challenges from one IP: the login page asks one on every view (autofill), so
   * they do not spend the login budget; five times its allowance, to keep the challenge table small.
   */
  signInChallengeIp: { name: 'passkey-challenge:ip', windowMs: 10 * MINUTE, limit: (c) => c.rateLimits.loginIp * 5 },
  /** The password re-typed to confirm a security change, from one account's session (as many as codes). */
  confirmPassword: { name: 'password:uid', windowMs: 10 * MINUTE, limit: (c) => c.rateLimits.secondFactor },
} satisfies Record<string, Budget>;

/** The stored key: a hash, so the table or Redis never holds an email address or an IP. */
const keyOf = (budget: Budget, subject: string) => createHash('sha256').update(`${budget.name}\0${subject}`).digest('base64url').slice(0, 32);

/**
 * Spends one hit of each budget for its subject (a normalised email, an IP) in one round trip to
 * the shared store, and throws 429 with Retry-After when any is over its limit. Called after the
 * body is validated (junk costs nothing to store) and before any expensive work (password hashing,
 * mail), so refused requests stay cheap. Refused hits count too: hammering keeps a budget spent.
 */
export async function spend(deps: Pick<Deps, 'config' | 'limits' | 'log'>, charges: Array<[Budget, string]>): Promise<void> {
  const active = charges.filter(([budget]) => budget.limit(deps.config) > 0);
  if (!active.length) return;
  const now = Date.now();
  let counts;
  try {
    counts = await deps.limits.hit(active.map(([budget, subject]) => ({ key: keyOf(budget, subject), windowMs: budget.windowMs })), now);
  } catch (error) {
    // Fail closed: without its counters a budget cannot be enforced, so the guarded work does not run.
    deps.log.error({ err: error }, 'rate-limit store unavailable');
    throw busy(5);
  }
  let refused = false;
  let retryAfterMs = 0;
  active.forEach(([budget], i) => {
    const c = counts[i];
    const limit = budget.limit(deps.config);
    if (c && slidingCount(c, now, budget.windowMs) > limit) {
      refused = true;
      retryAfterMs = Math.max(retryAfterMs, msUntilRoom(c, now, budget.windowMs, limit));
    }
  });
  if (refused) throw tooManyRequests(retryAfterMs / 1000);
}
