// A real (tiny) PNG, so uploads pass the server's content check.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir } from './run-info';

// 8×8 solid pink PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGP47zAXK2IYWhIAl/p3AdGTYekAAAAASUVORK5CYII=';

export const pngBytes = () => Buffer.from(PNG_BASE64, 'base64');

/** Writes the PNG to e2e/results/<name> and returns its path (for file pickers). */
export function pngFile(name = 'trader.png'): string {
  mkdirSync(resultsDir, { recursive: true });
  const path = join(resultsDir, name);
  writeFileSync(path, pngBytes());
  return path;
}
