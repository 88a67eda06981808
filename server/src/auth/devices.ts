import { createHash, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

// The device a sign-in came from (docs/security.md "Alerts"): a random id the login answer keeps in
// the browser (an httpOnly cookie), stored with each sign-in only as its SHA-256, and the network
// of the address. A copied user agent is not a device: only the cookie is.

/** The cookie's name. Not `__Host-`: that prefix needs Secure, and plain-http runs must work. */
export const DEVICE_COOKIE = 'halcyon_device';
/** How long a browser keeps it: 400 days, the most browsers allow; each login renews it. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;
/** 256 random bits, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceId = (): string => randomBytes(32).toString('base64url');

/** What is stored of a device id: its SHA-256 (a database reader cannot act as the device). */
export const deviceHash = (deviceId: string): string => createHash('sha256').update(deviceId).digest('hex');

/** The device id a request's Cookie header carries, or null (none, or not one of ours). */
export function deviceIdFrom(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (DEVICE_ID.test(value)) return value;
  }
  return null;
}

/**
 * The Set-Cookie header that keeps `deviceId` in the browser: httpOnly (no script reads it),
 * SameSite=Strict (never sent by another site's request), Secure on https, and sent only to the
 * login route (`path`), the one place that reads it.
 */
export function deviceCookie(deviceId: string, options: { path: string; secure: boolean }): string {
  return `${DEVICE_COOKIE}=${deviceId}; Path=${options.path}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`;
}

/**
 * The network of an address as sign-ins compare it: IPv4 /24 ("203.0.113.0/24"), IPv6 /48
 * ("2001:db8:1::/48"; an IPv4-mapped address counts as IPv4). Anything else is kept as it is.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  return `${groups.slice(0, 3).map((g) => g.toString(16)).join(':')}::/48`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
