// Where the shared reference material lives: $H5_SHARED, else ../shared
// beside the repository.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const sharedDir = process.env.H5_SHARED ? resolve(process.env.H5_SHARED) : resolve(repoRoot, '../shared');

export function sharedPath(...parts) {
  const p = join(sharedDir, ...parts);
  if (!existsSync(p)) {
    throw new Error(`missing reference data: ${p} (set H5_SHARED to the shared/ folder)`);
  }
  return p;
}
