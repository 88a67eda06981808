import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEAM_VERSION } from './version';

test('SEAM_VERSION is the package version (what the builds declare in their manifests)', () => {
  const pkg = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')) as { version: string };
  expect(SEAM_VERSION).toBe(pkg.version);
});
