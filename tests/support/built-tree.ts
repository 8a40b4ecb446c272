/** A built site's files and their bytes, but for the build's id (builds/latest.json), which differs between any two builds. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function builtTree(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const path = join(root, name);
    if (statSync(path).isFile() && name !== join('builds', 'latest.json')) files.set(name, readFileSync(path));
  }
  return files;
}
