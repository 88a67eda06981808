import { createHmac } from 'node:crypto';

// What an authenticator app computes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), so a
// journey can type the code a person would read off their phone.

function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
}

/** The code for the 30-second step that holds `atMs`. */
function totp(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

const STEP_MS = 30_000;
/** How close to a step's end a code is not typed: the server checks it a moment later. */
const EDGE_MS = 2_000;

/**
 * Codes for one secret, each accepted once, as fast as the server allows: it takes the step before
 * and after the current one too (server/src/auth/two-factor.ts, clock drift) and refuses a step
 * not later than the last one it accepted. So the first code is the previous step's and each next
 * one a step later, up to the next step; only past that does `next` wait for the clock (instead
 * of half a minute before every code).
 */
export function totpCodes(secret: string): { next(): Promise<string> } {
  let last = -Infinity;
  return {
    async next() {
      for (;;) {
        const now = Date.now();
        const current = Math.floor(now / STEP_MS);
        const step = Math.max(last + 1, current - 1);
        // The previous step is taken only while the current one is not about to end, and the next
        // only while the current one has begun long enough ago: the check lands a moment later.
        const intoStep = now % STEP_MS;
        const safe = step === current || (step === current - 1 && intoStep < STEP_MS - EDGE_MS) || (step === current + 1 && intoStep > EDGE_MS);
        if (step <= current + 1 && safe) {
          last = step;
          return totp(secret, step * STEP_MS);
        }
        await new Promise((r) => setTimeout(r, step === current - 1 ? STEP_MS - intoStep : Math.min(STEP_MS - intoStep, EDGE_MS + 100)));
      }
    },
  };
}
