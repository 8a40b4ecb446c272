/**
 * At each start: Strapi's public role (any request without a token, the sites' pages and builds) reads exactly the
 * content types the sites read, as src/public-read.json lists them (written from scripts/lib/cms-model.ts), and may
 * do nothing else. A permission ticked by hand in the admin panel, or one Strapi gives the public role at its first
 * start (users-permissions' sign-up and password routes: this project has no shopper accounts in Strapi), is removed
 * here; so is any write.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';

const publicReads = z.record(z.string().regex(/^api::[a-z0-9-]+\.[a-z0-9-]+$/), z.array(z.enum(['find', 'findOne'])).min(1));

interface Permission {
  id: number;
  action: string;
}
/** What is used here of Strapi's query engine (strapi.db.query) on users-permissions' role and permission tables. */
interface Table<Row> {
  findOne(params: { where: Record<string, unknown> }): Promise<Row | null>;
  findMany(params: { where: Record<string, unknown> }): Promise<Row[]>;
  create(params: { data: Record<string, unknown> }): Promise<Row>;
  delete(params: { where: Record<string, unknown> }): Promise<unknown>;
}

/** The actions the public role is given: `api::b2c-product.b2c-product.find` and so on. */
export async function readableActions(src: string): Promise<string[]> {
  const reads = publicReads.parse(JSON.parse(await readFile(join(src, 'public-read.json'), 'utf8')));
  return Object.entries(reads).flatMap(([uid, actions]) => actions.map((action) => `${uid}.${action}`));
}

export async function limitPublicRoleToReading(strapi: Core.Strapi): Promise<void> {
  const roles = strapi.db.query('plugin::users-permissions.role') as unknown as Table<{ id: number }>;
  const permissions = strapi.db.query('plugin::users-permissions.permission') as unknown as Table<Permission>;
  const role = await roles.findOne({ where: { type: 'public' } });
  if (!role) throw new Error('users-permissions has no public role: Strapi did not finish its first start.');
  const wanted = await readableActions(strapi.dirs.app.src);
  const granted = await permissions.findMany({ where: { role: role.id } });
  const removed = granted.filter((permission) => !wanted.includes(permission.action));
  for (const permission of removed) await permissions.delete({ where: { id: permission.id } });
  const added = wanted.filter((action) => !granted.some((permission) => permission.action === action));
  for (const action of added) await permissions.create({ data: { action, role: role.id } });
  if (removed.length > 0 || added.length > 0)
    strapi.log.info(
      `Public role: reads ${wanted.length} actions (${added.length} given); ${removed.length} removed: ${removed.map((p) => p.action).join(', ') || 'none'}.`,
    );
}
