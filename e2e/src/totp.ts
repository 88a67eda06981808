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
export function totp(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/** Milliseconds until the next 30-second step begins (a fresh code). */
export const untilNextStep = (nowMs = Date.now()) => 30_000 - (nowMs % 30_000);
