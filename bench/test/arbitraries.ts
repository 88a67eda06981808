// fast-check generators of malformed and hostile input: strings, JSON bodies (random, and valid
// bodies with one field poisoned), raw bodies, path parameters, query strings and headers.
import fc from 'fast-check';

/** Strings attackers and broken clients send. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    "'; DROP TABLE transfers; --",
    '"',
    '\\',
    '../../../etc/passwd',
    '%00',
    '\u0000',
    '\ud800',
    '<script>alert(1)</script>',
    '${7*7}',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x10',
    '9'.repeat(400),
    'A'.repeat(10_000),
    '🦄'.repeat(50),
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.001, 1e12 + 1, 1e308, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -1e12, 0.1 + 0.2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, nested a little. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, [], {}, { __proto__: { admin: true } }, { constructor: { prototype: { role: 'admin' } } }),
  fc.array(hostileNumber, { maxLength: 5 }),
);

/** A valid-looking body with one field replaced (or removed, or an extra one added). */
export function poisoned(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  return fc.oneof(
    keys.length
      ? fc.record({ key: fc.constantFrom(...keys), value: hostileJson }).map(({ key, value }) => ({ ...valid, [key]: value }))
      : fc.constant(valid),
    keys.length ? fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))) : fc.constant({}),
    fc.record({ key: hostileString, value: hostileJson }).map(({ key, value }) => ({ ...valid, [key]: value })),
  );
}

/** Bodies that are not JSON even though the content type says so, or JSON the parser may choke on. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '{"amount":', 'null', '[]', '"x"', '{"a":1}{"b":2}', '\u0000', '{"amount": 1e999}', '{"__proto__": {"isAdmin": true}}', '[' .repeat(5000) + ']'.repeat(5000), 'x'.repeat(200_000)),
  fc.string({ maxLength: 200 }),
);

/** A path parameter value, URL-encoded the way a client would put it in the path. */
const encode = (s: string): string => {
  try {
    return s === '' ? '%20' : encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as the invalid UTF-8 a raw client would send
  }
};
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  hostileString.map(encode),
  // Already-broken encodings that only a raw client sends.
  fc.constantFrom('%', '%zz', '%C0%AF', '%FF', '..%2F..%2F', '%252e'),
);

export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?status=', '?status=approved&status=ended', '?status[]=x', '?status=%00', '?__proto__[x]=1', '?status=' + 'a'.repeat(5000)),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }).map((d) => '?' + new URLSearchParams(d).toString()),
);

/** Header values a fetch client can send (printable Latin-1), hostile in content. */
const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Bearer null', 'Basic YWRtaW46YWRtaW4=', 'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.', 'x'.repeat(8000)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
);

export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/xml', ''),
    'idempotency-key': headerValue,
    'x-forwarded-for': headerValue,
    accept: headerValue,
  },
  { requiredKeys: [] },
);

export type Caller = 'anonymous' | 'user' | 'admin' | 'forged';
export const caller: fc.Arbitrary<Caller> = fc.constantFrom('anonymous', 'user', 'admin', 'forged');

/**
 * Money amounts as raw JSON text that must be refused as sent, never rounded (issue 15, item 1),
 * with the reason the 400 gives. Exponent spellings and fractions of a cent, fixed and generated.
 */
export const badAmountLiteral: fc.Arbitrary<{ literal: string; reason: string }> = fc.oneof(
  fc.constantFrom(
    { literal: '1e-9', reason: 'must have at most 2 decimals' },
    { literal: '1E-10', reason: 'must have at most 2 decimals' },
    { literal: '5e-324', reason: 'must have at most 2 decimals' },
    { literal: '1e-300', reason: 'must have at most 2 decimals' },
    { literal: '10.001', reason: 'must have at most 2 decimals' },
    { literal: '0.0001e1', reason: 'must have at most 2 decimals' },
    { literal: '"1e2"', reason: 'must be a number' },
    { literal: '-0', reason: 'must be greater than 0' },
    { literal: '1e308', reason: 'must be at most 1000000000000' },
  ),
  // d.ddX with X non-zero: exactly three decimals or more.
  fc
    .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9 }))
    .map(([units, cents, extra]) => ({ literal: `${units}.${String(cents).padStart(2, '0')}${extra}`, reason: 'must have at most 2 decimals' })),
  // m × 10^-e with m not a multiple of 10 and e ≥ 3: at least three decimals, in exponent notation.
  fc
    .tuple(fc.integer({ min: 1, max: 999 }).filter((m) => m % 10 !== 0), fc.integer({ min: 3, max: 320 }), fc.constantFrom('e', 'E'))
    .map(([m, e, mark]) => ({ literal: `${m}${mark}-${e}`, reason: 'must have at most 2 decimals' })),
);

/** Legal amounts, in cents, that add up to the ledger's ceiling in a few steps: 1e12 USD (the most) and others. */
export const largeAmountCents: fc.Arbitrary<number> = fc.oneof(
  fc.constant(1e14),
  // fc.integer stops at 2^31: two parts make 1 … 1e14.
  fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99_999_999 })).map(([high, low]) => high * 1e8 + low + 1),
);
