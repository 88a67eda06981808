import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Storage } from './storage';

const SAFE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/** Files under DATA_DIR/uploads; names are made by the server, and anything else is refused. */
export function diskStorage(dataDir: string): Storage {
  const dir = resolve(dataDir.startsWith('memory://') ? './data' : dataDir, 'uploads');
  return {
    async put(name, data) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe storage name ${name}`);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), data, { flag: 'wx' });
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return null;
      try {
        return await readFile(join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      if (!SAFE_NAME.test(name)) return;
      await rm(join(dir, name), { force: true });
    },
  };
}
