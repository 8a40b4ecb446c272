/**
 * On a local Strapi's first start (CMS_BUILD_TOKEN_FILE set by `npm run cms`): the read-only API token the sites'
 * builds read with (CONTENT_API_TOKEN), kept in that file. Read-only is Strapi's type that may only `find` and
 * `findOne`: a leaked build token writes nothing. Strapi shows a token's key once, at its creation: a token of that
 * name made elsewhere (or with the file deleted) is left as it is, and an admin makes a new one in the panel
 * (Settings → API Tokens). In production an admin makes it there, and the build's environment holds it.
 */
import { writeFile } from 'node:fs/promises';
import type { Core } from '@strapi/strapi';

const NAME = 'Sites: build (read-only)';

/** What is used here of the admin's API token service (@strapi/admin's services/api-token). */
interface ApiTokens {
  exists(where: { name: string }): Promise<boolean>;
  create(attributes: {
    name: string;
    description: string;
    type: 'read-only';
    kind: 'content-api';
    lifespan: null;
  }): Promise<{ accessKey: string }>;
}

export async function makeBuildToken(strapi: Core.Strapi): Promise<void> {
  const file = process.env.CMS_BUILD_TOKEN_FILE;
  if (!file) return;
  const tokens = strapi.service('admin::api-token') as ApiTokens;
  if (await tokens.exists({ name: NAME })) return;
  const { accessKey } = await tokens.create({
    name: NAME,
    description: 'What the sites’ builds read with: published entries, nothing written.',
    type: 'read-only',
    kind: 'content-api',
    lifespan: null,
  });
  await writeFile(file, `${accessKey}\n`, { mode: 0o600 });
  strapi.log.info(`API token "${NAME}" made: its key is in ${file}.`);
}
