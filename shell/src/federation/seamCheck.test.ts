import { SEAM_VERSION } from '@halcyon/seam';
import { IncompatibleRemoteError, requiredSeam, seamCheckPlugin } from './seamCheck';

const [major, minor] = SEAM_VERSION.split('.').map(Number) as [number, number];
const manifest = (requiredVersion?: string) => ({
  shared: [{ name: 'react', requiredVersion: '^19.3.1' }, ...(requiredVersion ? [{ name: '@halcyon/seam', requiredVersion }] : [])],
});
type Args = Parameters<NonNullable<ReturnType<typeof seamCheckPlugin>['loadRemoteSnapshot']>>[0];
const check = (manifestJson: unknown, from: 'manifest' | 'global' = 'manifest') =>
  seamCheckPlugin().loadRemoteSnapshot?.({ from, manifestJson, moduleInfo: { name: 'user_app', entry: 'x' } } as unknown as Args);

test('reads the seam range a remote was built for from its manifest', () => {
  expect(requiredSeam(manifest('^1.2.0'))).toBe('^1.2.0');
  expect(requiredSeam(manifest())).toBeNull();
  expect(requiredSeam(null)).toBeNull();
});

test.each([
  ['the same version', `^${SEAM_VERSION}`],
  ['an older minor of the same major (the seam only added since)', `^${major}.0.0`],
])('serves a remote built for %s', (_what, range) => {
  expect(() => check(manifest(range))).not.toThrow();
});

test.each([
  ['a newer minor (it may use what this page lacks)', `^${major}.${minor + 1}.0`],
  ['a newer major', `^${major + 1}.0.0`],
  ['an older major', `^${major - 1}.0.0`],
  ['no seam at all (built before it existed)', undefined],
])('refuses a remote built for %s', (_what, range) => {
  expect(() => check(manifest(range))).toThrow(IncompatibleRemoteError);
});

test('leaves snapshots that come from elsewhere than a manifest alone', () => {
  expect(() => check(manifest(), 'global')).not.toThrow();
});
