// The server settings every test server turns off, written once for the server suite's harness
// and for the product the journeys and benchmarks start (issue 31 item 4: the two lists had
// drifted). The limits themselves are tested in the server suite, which turns each back on.

/**
 * Rate limits, the password-hash queue, load shedding and payout safety. Tests register and sign
 * in far more often per minute than people, run on a busy machine (a 503 by chance is not what
 * they test), and withdraw to addresses they name on the spot, right after a reset.
 */
export const LIMITS_OFF: Readonly<Record<string, string>> = {
  RATE_LIMIT_LOGIN: '0',
  RATE_LIMIT_REGISTER: '0',
  RATE_LIMIT_RESET: '0',
  RATE_LIMIT_LOGIN_ACCOUNT: '0',
  RATE_LIMIT_LOGIN_IP: '0',
  RATE_LIMIT_RESET_IP: '0',
  RATE_LIMIT_2FA: '0',
  HASH_QUEUE: '100000',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  MAX_EVENT_LOOP_UTILIZATION: '0',
  PAYOUT_COOLDOWN_HOURS: '0',
  PASSWORD_CHANGE_WITHDRAWAL_PAUSE_HOURS: '0',
};

/**
 * Also per-user spam limits (uploads, pending requests, request maximums), for journeys and
 * benchmark loops; the server suite keeps them, and their own tests (upload-limits,
 * request-limits) read them.
 */
export const SPAM_LIMITS_OFF: Readonly<Record<string, string>> = {
  UPLOAD_QUOTA_BYTES: String(1024 ** 4),
  UPLOAD_MAX_PER_HOUR: '1000000000',
  MAX_PENDING_DEPOSITS: '1000000000',
  MAX_PENDING_WITHDRAWALS: '1000000000',
  MAX_DEPOSIT_USD: '1000000000000',
  MAX_WITHDRAWAL_USD: '1000000000000',
};
