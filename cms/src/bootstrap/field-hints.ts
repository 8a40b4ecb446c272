/**
 * At each start: what the admin panel says under a field where its name does not say how to fill it (a price in
 * cents, a note out of 5, a field the publish writes), from the model (src/field-hints.json, written by the shop's
 * scripts/cms-schemas.ts from scripts/lib/cms-model.ts). Strapi keeps these in the content manager's view settings
 * (Configure the view): set here, so a database of its own (a laptop's, production's) says the same. The rest of the
 * view settings, an admin's layout among them, is left as it is.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';

const fieldHints = z.record(z.string().regex(/^api::[a-z0-9-]+\.[a-z0-9-]+$/), z.record(z.string(), z.string().min(1)));

interface Configuration {
  settings: unknown;
  layouts: unknown;
  metadatas: Record<string, { edit?: Record<string, unknown>; list?: Record<string, unknown> }>;
}
/** What is used here of the content manager's content-types service (its server/services/content-types.ts). */
interface ContentTypes {
  findConfiguration(contentType: { uid: string }): Promise<Configuration>;
  updateConfiguration(contentType: { uid: string }, configuration: Omit<Configuration, 'uid'>): Promise<unknown>;
}

export async function setFieldHints(strapi: Core.Strapi): Promise<void> {
  const hints = fieldHints.parse(JSON.parse(await readFile(join(strapi.dirs.app.src, 'field-hints.json'), 'utf8')));
  const contentTypes = strapi.plugin('content-manager').service('content-types') as unknown as ContentTypes;
  for (const [uid, fields] of Object.entries(hints)) {
    const { settings, layouts, metadatas } = await contentTypes.findConfiguration({ uid });
    const stale = Object.entries(fields).filter(([field, hint]) => metadatas[field]?.edit && metadatas[field].edit.description !== hint);
    if (stale.length === 0) continue;
    for (const [field, hint] of stale) metadatas[field]!.edit = { ...metadatas[field]!.edit, description: hint };
    await contentTypes.updateConfiguration({ uid }, { settings, layouts, metadatas });
  }
}
