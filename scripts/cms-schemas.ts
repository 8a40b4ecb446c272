/**
 * Writes the Strapi 5 project's content model (cms/src/api/ and cms/src/components/) from its one description,
 * scripts/lib/cms-model.ts: each content type's schema.json, in Strapi 5's format, with the router, controller and
 * service files Strapi's generator makes, each component's JSON, and what the public role may read (src/public-read.json). The files are committed; change the
 * description and run this again, never the files (a unit test fails when they differ from what this writes).
 *
 *   node scripts/cms-schemas.ts           write the files
 *   node scripts/cms-schemas.ts --check   write nothing; list the files that differ, and exit 1 if any does
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Attribute, type Component, type ContentType, components, contentTypes, publicReads } from './lib/cms-model.ts';
import { serviceFacts } from '../src/backend/content/facts.ts';
import { labelOf } from './lib/cms-labels.ts';

export const cmsRoot = fileURLToPath(new URL('../cms/', import.meta.url));

/** The schema.json form of an attribute: Strapi's keys only, and its language setting where Strapi reads one. */
function strapiAttribute(attribute: Attribute, inLocalizedType: boolean): Record<string, unknown> {
  const { localized, read: _read, fixture: _fixture, writtenAtPublish: _written, hint: _hint, ...schema } = attribute;
  // Relations follow their entry's language in Strapi 5 and take no setting; a component's fields take none either
  // (the component's attribute says it for all of them).
  if (!inLocalizedType || attribute.type === 'relation') return schema;
  return { ...schema, pluginOptions: { i18n: { localized } } };
}

const snake = (name: string) => name.replaceAll('-', '_');

function contentTypeSchema(type: ContentType): Record<string, unknown> {
  return {
    kind: type.kind,
    collectionName: snake(type.pluralName),
    info: {
      singularName: type.singularName,
      pluralName: type.pluralName,
      displayName: type.displayName,
      description: type.description,
    },
    // Every entry is edited as a draft and shown once published: the publish is what rebuilds the sites.
    options: { draftAndPublish: true },
    pluginOptions: type.localized ? { i18n: { localized: true } } : {},
    attributes: Object.fromEntries(Object.entries(type.attributes).map(([name, a]) => [name, strapiAttribute(a, type.localized)])),
  };
}

function componentSchema(component: Component): Record<string, unknown> {
  return {
    collectionName: `components_${snake(component.category)}_${snake(component.name)}`,
    info: { displayName: component.displayName, icon: component.icon },
    options: {},
    attributes: Object.fromEntries(Object.entries(component.attributes).map(([name, a]) => [name, strapiAttribute(a, false)])),
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** What Strapi's generator writes for a content type's router and service: its core factory, nothing more. */
const factoryFile = (uid: string, what: 'router' | 'service') => {
  const factory = { router: 'createCoreRouter', service: 'createCoreService' }[what];
  return `/**
 * ${uid} ${what}: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.${factory}('${uid}');
`;
};

/** A content type's controller: Strapi's core one, its `find` the sites' read when they read the type (src/site-reads/). */
const controllerFile = (name: string) => `/**
 * api::${name}.${name} controller: Strapi's core one, with the sites' read as its find where they read it (written by
 * scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';
import { siteReads } from '../../../site-reads';

export default factories.createCoreController('api::${name}.${name}', siteReads('${name}'));
`;

/** Every generated file, by its path under cms/, with its content. */
export function cmsFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, type] of Object.entries(contentTypes)) {
    const uid = `api::${name}.${name}`;
    files.set(`src/api/${name}/content-types/${name}/schema.json`, json(contentTypeSchema(type)));
    files.set(`src/api/${name}/routes/${name}.ts`, factoryFile(uid, 'router'));
    files.set(`src/api/${name}/controllers/${name}.ts`, controllerFile(name));
    files.set(`src/api/${name}/services/${name}.ts`, factoryFile(uid, 'service'));
  }
  for (const component of Object.values(components))
    files.set(`src/components/${component.category}/${component.name}.json`, json(componentSchema(component)));
  // What Strapi's public role reads (src/bootstrap/public-role.ts gives exactly this at each start).
  files.set('src/public-read.json', json(publicReads()));
  files.set('src/site-reads/facts.json', json(serviceFacts()));
  // What the admin panel calls each field and says under it (src/bootstrap/field-settings.ts sets them at each start).
  files.set('src/field-settings.json', json(fieldSettings()));
  return files;
}

/**
 * The files now where this script writes, by their path under cms/: schema.json files, components, and each
 * content type's router, controller and service of its own name. Files written by hand beside them (a custom
 * route, a lifecycle) are none of these, and are left alone.
 */
async function presentFiles(): Promise<string[]> {
  const generated = [
    /^src\/api\/([^/]+)\/content-types\/\1\/schema\.json$/,
    /^src\/api\/([^/]+)\/(routes|controllers|services)\/\1\.ts$/,
    /^src\/components\/[^/]+\/[^/]+\.json$/,
  ];
  const found: string[] = [];
  for (const folder of ['src/api', 'src/components']) {
    const entries = await readdir(join(cmsRoot, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = relative(cmsRoot, join(entry.parentPath, entry.name));
      if (entry.isFile() && generated.some((pattern) => pattern.test(path))) found.push(path);
    }
  }
  return found.sort();
}

/** The paths whose content differs from what the description gives, missing ones and left-over ones included. */
export async function staleFiles(): Promise<string[]> {
  const wanted = cmsFiles();
  const stale = (await presentFiles()).filter((path) => !wanted.has(path));
  for (const [path, content] of wanted) {
    const current = await readFile(join(cmsRoot, path), 'utf8').catch(() => null);
    if (current !== content) stale.push(path);
  }
  return stale.sort();
}

async function main(check: boolean): Promise<void> {
  const stale = await staleFiles();
  if (check) {
    if (stale.length === 0) return console.log('cms/: the content model is as scripts/lib/cms-model.ts describes it.');
    console.error(`cms/ differs from scripts/lib/cms-model.ts (run node scripts/cms-schemas.ts):\n  ${stale.join('\n  ')}`);
    process.exitCode = 1;
    return;
  }
  const wanted = cmsFiles();
  for (const path of stale) {
    const content = wanted.get(path);
    const target = join(cmsRoot, path);
    if (content === undefined) await rm(target);
    else {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
    }
  }
  console.log(`cms/: ${wanted.size} files, ${stale.length} written or removed.`);
}

if (import.meta.main) await main(process.argv.includes('--check'));

/**
 * Each field's label in the admin panel (scripts/lib/cms-labels.ts) and its hint, by content type (`api::<name>.<name>`)
 * and component (`<category>.<name>`). A field without a label stops the generation: it would show as its wire name.
 */
function fieldSettings(): Record<string, Record<string, { label: string; hint?: string }>> {
  const owners = [
    ...Object.entries(contentTypes).map(([name, type]) => [name, `api::${name}.${name}`, type.attributes] as const),
    ...Object.entries(components).map(([uid, component]) => [uid, uid, component.attributes] as const),
  ];
  const missing: string[] = [];
  const settings = Object.fromEntries(
    owners.map(([owner, uid, attributes]) => [
      uid,
      Object.fromEntries(
        Object.entries(attributes).map(([field, attribute]) => {
          const label = labelOf(owner, field);
          if (!label) missing.push(`${owner}.${field}`);
          return [field, { label: label ?? field, ...(attribute.hint ? { hint: attribute.hint } : {}) }];
        }),
      ),
    ]),
  );
  if (missing.length) throw new Error(`No admin label for ${missing.join(', ')}: add one to scripts/lib/cms-labels.ts.`);
  return settings;
}
