/**
 * The local Strapi's first admin account (scripts/lib/cms-account.ts): a password Strapi accepts, generated once and
 * kept, owner-only; and the build stamp (scripts/lib/cms-build.ts), which changes with the sources and only then.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminAccount, FIRST_ADMIN_EMAIL, markShown, meetsStrapiPasswordRule, newPassword } from '../../../scripts/lib/cms-account.ts';
import { sourcesStamp } from '../../../scripts/lib/cms-build.ts';

const folders: string[] = [];
const folder = async () => {
  const path = await mkdtemp(join(tmpdir(), 'cms-account-'));
  folders.push(path);
  return path;
};
afterEach(async () => {
  for (const path of folders.splice(0)) await rm(path, { recursive: true, force: true });
});

describe('the first admin account', () => {
  it('has a password Strapi accepts, drawn again when a kind of character is missing', () => {
    expect(meetsStrapiPasswordRule('Abcdefg1')).toBe(true);
    expect(meetsStrapiPasswordRule('abcdefg1')).toBe(false);
    expect(meetsStrapiPasswordRule('ABCDEFG1')).toBe(false);
    expect(meetsStrapiPasswordRule('Abcdefgh')).toBe(false);
    expect(meetsStrapiPasswordRule('Abc1')).toBe(false);
    expect(meetsStrapiPasswordRule(`Ab1${'x'.repeat(71)}`)).toBe(false);
    const draws = ['alllowercase1', 'NoDigitsHere', 'Good1password'];
    expect(newPassword(() => draws.shift()!)).toBe('Good1password');
    const password = newPassword();
    expect(meetsStrapiPasswordRule(password)).toBe(true);
    expect(newPassword()).not.toBe(password);
  });

  it('is generated on the first start, kept owner-only, and the same at the next', async () => {
    const path = join(await folder(), 'admin-account.json');
    const first = await adminAccount(path);
    expect(first).toMatchObject({ email: FIRST_ADMIN_EMAIL, shown: false });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await markShown(path, first);
    expect(await adminAccount(path)).toEqual({ ...first, shown: true });
  });

  it('refuses a kept file that is not an account', async () => {
    const path = join(await folder(), 'admin-account.json');
    await writeFile(path, JSON.stringify({ email: 'not an e-mail', password: 'x', shown: false }));
    await expect(adminAccount(path)).rejects.toThrow();
  });
});

describe('the build stamp', () => {
  it('changes when a source changes, and not when a file outside the sources does', async () => {
    const root = await folder();
    await mkdir(join(root, 'src/api'), { recursive: true });
    await mkdir(join(root, 'config'));
    await writeFile(join(root, 'src/api/schema.json'), '{}');
    await writeFile(join(root, 'config/server.ts'), 'export default {};');
    await writeFile(join(root, 'package.json'), '{}');
    const before = await sourcesStamp(root);
    expect(await sourcesStamp(root)).toBe(before);
    await mkdir(join(root, '.data'));
    await writeFile(join(root, '.data/build-stamp'), before);
    expect(await sourcesStamp(root)).toBe(before);
    await writeFile(join(root, 'src/api/schema.json'), '{"kind":"singleType"}');
    const after = await sourcesStamp(root);
    expect(after).not.toBe(before);
    await writeFile(join(root, 'tsconfig.json'), '{}');
    expect(await sourcesStamp(root)).not.toBe(after);
    expect(await readFile(join(root, 'package.json'), 'utf8')).toBe('{}');
  });
});
