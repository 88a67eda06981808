import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  uid: string;
  role: 'user' | 'admin';
  /** users.token_version when issued; a bump revokes the token. */
  tv: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /**
   * Random per token, so two logins in the same second get different tokens and logout (which
   * revokes one token) ends only its own session. Tokens issued before it existed lack it.
   */
  jti?: string;
}

export const REMEMBER_TTL_S = 30 * 24 * 3600;
export const SESSION_TTL_S = 12 * 3600;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** A fresh token id (96 random bits): also the id of the session a login opens. */
export const newTokenId = (): string => b64(randomBytes(12));

/** Tokens whose signature a process remembers having checked (the most recent ones). */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signed, expiring bearer tokens: `v1.<claims base64url>.<HMAC-SHA256 base64url>`. */
export class Tokens {
  /**
   * Claims of tokens already verified, by token: a caller's next requests skip the HMAC and
   * decoding (about a tenth of a short request's CPU, bench/RESULTS.md). Only what the signature
   * proves is kept; expiry is checked on every use, revocation by the database on every request.
   */
  private readonly verified = new Map<string, Readonly<TokenClaims>>();

  constructor(private readonly secret: string) {}

  private mac(data: string): Buffer {
    return createHmac('sha256', this.secret).update(data).digest();
  }

  /** A token for `claims`; `jti` names its session (auth/sessions.ts), random when not given. */
  sign(claims: Omit<TokenClaims, 'exp'>, ttlSeconds: number, now = Date.now()): string {
    const body = `v1.${b64(JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + ttlSeconds, jti: claims.jti ?? newTokenId() }))}`;
    return `${body}.${b64(this.mac(body))}`;
  }

  /** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
  verify(token: string, now = Date.now()): Readonly<TokenClaims> | null {
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > now ? known : null;
    const claims = this.check(token);
    if (!claims || claims.exp * 1000 <= now) return null;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, Object.freeze(claims));
    return claims;
  }

  /** The claims of a well-formed, correctly signed token (expired or not); otherwise null. */
  private check(token: string): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== 'v1' || !parts[1] || !parts[2]) return null;
    const expected = this.mac(`v1.${parts[1]}`);
    const given = canonical(parts[2]);
    const body = canonical(parts[1]);
    if (!given || !body || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
    return isClaims(claims) ? claims : null;
  }
}

/**
 * The bytes of a part only if it is their canonical base64url encoding. Node's decoder is lenient
 * (it accepts `=` padding, `+`/`/`, whitespace and non-zero trailing bits), so many strings decode
 * to the same bytes; accepting only one spelling keeps a token a single, exact string.
 */
function canonical(part: string): Buffer | null {
  const bytes = Buffer.from(part, 'base64url');
  return b64(bytes) === part ? bytes : null;
}

function isClaims(v: unknown): v is TokenClaims {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return typeof c.uid === 'string' && (c.role === 'user' || c.role === 'admin') && Number.isInteger(c.tv) && typeof c.exp === 'number' && (c.jti === undefined || typeof c.jti === 'string');
}
