import { DEVICE_COOKIE, deviceCookie, deviceIdFrom, networkOf, newDeviceId } from '../../src/auth/devices';

// The device cookie and the network a sign-in is compared by (docs/security.md "Alerts").
test('the network of an address: IPv4 /24, IPv6 /48, IPv4-mapped as IPv4', () => {
  expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
  expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
  expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
  expect(networkOf('2001:0DB8:0001::1')).toBe('2001:db8:1::/48');
  expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
  expect(networkOf('::1')).toBe('0:0:0::/48');
  expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
  expect(networkOf('64:ff9b::203.0.113.1')).toBe('64:ff9b:0::/48');
  expect(networkOf('not an address')).toBe('not an address');
});

test('the device id is read only from our cookie and only in its own form', () => {
  const id = newDeviceId();
  expect(id).toMatch(/^[\w-]{43}$/);
  expect(deviceIdFrom(`theme=dark; ${DEVICE_COOKIE}=${id}; other=1`)).toBe(id);
  expect(deviceIdFrom(undefined)).toBeNull();
  expect(deviceIdFrom(`${DEVICE_COOKIE}=short`)).toBeNull();
  expect(deviceIdFrom(`x${DEVICE_COOKIE}=${id}`)).toBeNull();
  expect(deviceIdFrom(`${DEVICE_COOKIE}=${id}!`)).toBeNull();
  expect(deviceCookie(id, { path: '/api/auth/login', secure: true })).toBe(`${DEVICE_COOKIE}=${id}; Path=/api/auth/login; Max-Age=34560000; HttpOnly; SameSite=Strict; Secure`);
});
