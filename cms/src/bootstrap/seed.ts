/**
 * On the first start of a local Strapi: the seed catalogue, the embedded content service's, imported in both
 * languages and published, so editors and the sites' builds find the shop's content from the start. `npm run cms`
 * writes the entries to a file (scripts/lib/cms-seed.ts, from src/backend/seed/fixtures) and names it in
 * CMS_SEED_FILE, and their pictures in the folder CMS_SEED_PICTURES names, which go through Strapi's upload plugin as
 * an editor's would; once any product exists nothing is imported (an editor's work is never overwritten).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';

const fields = z.record(z.string(), z.unknown());
const seedEntry = z.object({
  type: z.string().regex(/^[a-z0-9-]+$/),
  key: z.string().min(1),
  shared: fields,
  perLanguage: z.object({ fr: fields, nl: fields }).optional(),
  links: z.record(z.string(), z.object({ type: z.string(), keys: z.array(z.string()) })).optional(),
  pictures: z
    .object({
      fr: z.object({ file: z.string().regex(/^[a-z0-9-]+\.png$/), alternativeText: z.string() }),
      nl: z.object({ file: z.string().regex(/^[a-z0-9-]+\.png$/), alternativeText: z.string() }),
    })
    .optional(),
  published: z.boolean(),
});
type SeedEntry = z.infer<typeof seedEntry>;

/** What is used here of Strapi's Document Service (strapi.documents(uid)). */
interface Documents {
  count(params: Record<string, unknown>): Promise<number>;
  create(params: { data: Record<string, unknown>; locale?: string; status?: 'published' }): Promise<{ documentId: string }>;
  update(params: {
    documentId: string;
    data: Record<string, unknown>;
    locale?: string;
    status?: 'published';
  }): Promise<{ documentId: string } | null>;
}

/** Strapi's validation errors name the attribute at fault: said with the entry's key, they tell the editor where. */
const reason = (error: unknown) => {
  const details = (error as { details?: { errors?: { path?: string[]; message?: string }[] } }).details?.errors;
  if (details?.length) return details.map((e) => `${e.path?.join('.')}: ${e.message}`).join('; ');
  return error instanceof Error ? error.message : String(error);
};

/** What is used here of the upload plugin's service (its server/services/upload.ts). */
interface Uploads {
  upload(params: {
    data: { fileInfo: { name: string; alternativeText: string } };
    files: { filepath: string; originalFilename: string; mimetype: string; size: number };
  }): Promise<{ id: number }[]>;
}

/** A seed picture uploaded as an editor would, with its alternative text: the file's id, for an entry's media field. */
async function uploadPicture(uploads: Uploads, folder: string, picture: { file: string; alternativeText: string }): Promise<number> {
  const filepath = join(folder, picture.file);
  const [file] = await uploads.upload({
    data: { fileInfo: { name: picture.file, alternativeText: picture.alternativeText } },
    files: { filepath, originalFilename: picture.file, mimetype: 'image/png', size: (await stat(filepath)).size },
  });
  if (!file) throw new Error(`the upload of ${picture.file} gave no file`);
  return file.id;
}

export async function importSeed(strapi: Core.Strapi): Promise<void> {
  const file = process.env.CMS_SEED_FILE;
  if (!file) return;
  // The content type's uid, built from the entry: Strapi's types know the project's uids only once generated.
  const documents = (type: string) =>
    strapi.documents(`api::${type}.${type}` as Parameters<Core.Strapi['documents']>[0]) as unknown as Documents;
  if ((await documents('b2c-product').count({})) > 0) return;
  const entries = z.array(seedEntry).parse(JSON.parse(await readFile(file, 'utf8')));
  const started = Date.now();
  const documentIds = new Map<string, string>();
  const refused: string[] = [];
  const uploads = strapi.plugin('upload').service('upload') as unknown as Uploads;
  const pictureFolder = process.env.CMS_SEED_PICTURES;
  const pictureOf = async (entry: SeedEntry, language: 'fr' | 'nl') =>
    entry.pictures && pictureFolder ? { image: await uploadPicture(uploads, pictureFolder, entry.pictures[language]) } : {};
  const linksOf = (entry: SeedEntry) =>
    Object.fromEntries(
      Object.entries(entry.links ?? {}).map(([attribute, { type, keys }]) => [
        attribute,
        // Linked by documentId: Strapi links each language's version to the same language's entry.
        { connect: keys.flatMap((key) => documentIds.get(`${type}/${key}`) ?? []) },
      ]),
    );
  for (const entry of entries) {
    const status = entry.published ? ('published' as const) : undefined;
    try {
      const links = linksOf(entry);
      if (!entry.perLanguage) {
        const created = await documents(entry.type).create({ data: { ...entry.shared, ...links }, status });
        documentIds.set(`${entry.type}/${entry.key}`, created.documentId);
        continue;
      }
      const created = await documents(entry.type).create({
        locale: 'fr',
        data: { ...entry.shared, ...entry.perLanguage.fr, ...links, ...(await pictureOf(entry, 'fr')) },
        status,
      });
      documentIds.set(`${entry.type}/${entry.key}`, created.documentId);
      await documents(entry.type).update({
        documentId: created.documentId,
        locale: 'nl',
        data: { ...entry.shared, ...entry.perLanguage.nl, ...links, ...(await pictureOf(entry, 'nl')) },
        status,
      });
    } catch (error) {
      refused.push(`${entry.type} ${entry.key}: ${reason(error)}`);
    }
  }
  strapi.log.info(
    `Seed: ${entries.length - refused.length} of ${entries.length} entries imported in French and Dutch in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  for (const line of refused) strapi.log.warn(`Seed: refused, ${line}`);
}
