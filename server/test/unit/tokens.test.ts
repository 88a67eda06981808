import { Tokens } from '../../src/auth/tokens';

// Bearer tokens: what a process remembers of a verified token never outlives what its signature proves.
describe('tokens', () => {
  const tokens = new Tokens('a-test-secret-of-at-least-32-characters!!');
  const claims = { uid: 'u1', role: 'user' as const, tv: 0 };

  test('a verified token is accepted until its expiry, then refused, also on later uses', () => {
    const now = Date.now();
    const token = tokens.sign(claims, 60, now);
    expect(tokens.verify(token, now)).toMatchObject({ ...claims, exp: Math.floor(now / 1000) + 60 });
    expect(tokens.verify(token, now + 30_000)).toMatchObject(claims);
    expect(tokens.verify(token, now + 61_000)).toBeNull();
    expect(tokens.verify(token, now + 120_000)).toBeNull();
  });

  test('a token altered after its genuine form was verified is refused', () => {
    const token = tokens.sign(claims, 60);
    expect(tokens.verify(token)).not.toBeNull();
    const [v, body, mac] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), role: 'admin' })).toString('base64url');
    expect(tokens.verify(`${v}.${forged}.${mac}`)).toBeNull();
    expect(tokens.verify(`${token}=`)).toBeNull();
    expect(new Tokens('another-secret-of-at-least-32-characters').verify(token)).toBeNull();
  });

  test('the claims handed out cannot be changed by a caller', () => {
    const token = tokens.sign(claims, 60);
    const first = tokens.verify(token) as { role: string };
    expect(() => {
      first.role = 'admin';
    }).toThrow();
    expect(tokens.verify(token)).toMatchObject({ role: 'user' });
  });

  test('an expired token is refused on first sight', () => {
    const now = Date.now();
    expect(tokens.verify(tokens.sign(claims, 60, now - 120_000), now)).toBeNull();
  });
});
