/**
 * At each start: what the admin panel calls each field, in French and Dutch, and what it says under a field where its
 * label does not say how to fill it (a price in cents, a note out of 5, a field the publish writes), from the model
 * (src/field-settings.json, written by the shop's scripts/cms-schemas.ts from scripts/lib/cms-model.ts and
 * cms-labels.ts). Strapi keeps these in the content manager's view settings (Configure the view), for content types
 * and components alike: set here, so a database of its own (a laptop's, production's) says the same. The rest of the
 * view settings, an admin's layout among them, is left as it is.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';

const fieldSettings = z.record(
  z.string().regex(/^(api::[a-z0-9-]+\.[a-z0-9-]+|[a-z0-9-]+\.[a-z0-9-]+)$/),
  z.record(z.string(), z.object({ label: z.string().min(1), hint: z.string().min(1).optional() })),
);

interface Configuration {
  settings: unknown;
  layouts: unknown;
  metadatas: Record<string, { edit?: Record<string, unknown>; list?: Record<string, unknown> }>;
}
/** What is used here of the content manager's content-types and components services (its server/services/). */
interface Configured {
  findConfiguration(model: { uid: string }): Promise<Configuration>;
  updateConfiguration(model: { uid: string }, configuration: Omit<Configuration, 'uid'>): Promise<unknown>;
}

export async function setFieldSettings(strapi: Core.Strapi): Promise<void> {
  const wanted = fieldSettings.parse(JSON.parse(await readFile(join(strapi.dirs.app.src, 'field-settings.json'), 'utf8')));
  const manager = strapi.plugin('content-manager');
  for (const [uid, fields] of Object.entries(wanted)) {
    const service = manager.service(uid.startsWith('api::') ? 'content-types' : 'components') as unknown as Configured;
    const { settings, layouts, metadatas } = await service.findConfiguration({ uid });
    let changed = false;
    for (const [field, { label, hint }] of Object.entries(fields)) {
      const metadata = metadatas[field];
      if (!metadata?.edit) continue;
      const description = hint ?? metadata.edit.description;
      if (metadata.edit.label !== label || metadata.edit.description !== description) {
        metadata.edit = { ...metadata.edit, label, description };
        changed = true;
      }
      // The list view's column too, where the field is one.
      if (metadata.list && metadata.list.label !== label) {
        metadata.list = { ...metadata.list, label };
        changed = true;
      }
    }
    if (changed) await service.updateConfiguration({ uid }, { settings, layouts, metadatas });
  }
}
