/**
 * At each start: the languages editors write in are the sites' two, French (the default, the language of the FR
 * site and of the BE site's French pages) and Dutch (Flemish, the BE site's /nl/ pages). Strapi's i18n starts with
 * English; an entry in a language no site shows would be work for nothing, so any other language is removed. Then
 * the public role reads what the sites read and nothing else (bootstrap/public-role.ts), and on an empty database
 * the first admin account is made (bootstrap/first-admin.ts) and the seed catalogue imported (bootstrap/seed.ts);
 * the webhooks to the sites' publish receiver and to the platform's copy of the catalogue are registered
 * (bootstrap/shop-webhooks.ts) and, on a laptop, the builds' read-only API token made (bootstrap/build-token.ts); the
 * admin panel names the fields in French and Dutch, and says how to fill those whose label does not
 * (bootstrap/field-settings.ts).
 *
 * Uploads keep the file the editor gave: the sites make their own sizes and formats of each picture (AVIF, WebP, at
 * the widths their layouts draw), so Strapi's re-encoding (its "size optimization", a lossy second pass before
 * theirs) and its responsive copies would be loss and storage for nothing. Its thumbnail stays: the sites show it
 * small (a cart line).
 */
import type { Core } from '@strapi/strapi';
import { createFirstAdmin } from './bootstrap/first-admin';
import { limitPublicRoleToReading } from './bootstrap/public-role';
import { importSeed } from './bootstrap/seed';
import { registerShopWebhooks } from './bootstrap/shop-webhooks';
import { makeBuildToken } from './bootstrap/build-token';
import { computeOnPublish } from './publishing';
import { setFieldSettings } from './bootstrap/field-settings';

/** What is used here of the upload plugin's settings (its server/services/upload.ts). */
interface UploadSettings {
  getSettings(): Promise<Record<string, unknown> | null>;
  setSettings(settings: Record<string, unknown>): Promise<void>;
}

interface Locale {
  id: number;
  code: string;
}
/** What is used here of i18n's locales service (its server/services/locales.ts). */
interface Locales {
  find(): Promise<Locale[]>;
  findByCode(code: string): Promise<Locale | null>;
  create(locale: { code: string; name: string }): Promise<Locale>;
  setDefaultLocale(locale: { code: string }): Promise<void>;
  delete(locale: { id: number }): Promise<unknown>;
}

const LANGUAGES = [
  { code: 'fr', name: 'French (fr)' },
  { code: 'nl', name: 'Dutch (nl)' },
];

export default {
  // What a publish computes (a category's path, a product's former slugs): src/publishing.ts.
  register({ strapi }: { strapi: Core.Strapi }) {
    computeOnPublish(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const locales = strapi.plugin('i18n').service('locales') as unknown as Locales;
    for (const language of LANGUAGES) if (!(await locales.findByCode(language.code))) await locales.create(language);
    await locales.setDefaultLocale({ code: 'fr' });
    for (const locale of await locales.find())
      if (!LANGUAGES.some((language) => language.code === locale.code)) {
        await locales.delete({ id: locale.id });
        strapi.log.info(`i18n: language ${locale.code} removed (the sites speak French and Dutch).`);
      }
    const uploads = strapi.plugin('upload').service('upload') as unknown as UploadSettings;
    await uploads.setSettings({ ...(await uploads.getSettings()), sizeOptimization: false, responsiveDimensions: false });
    await limitPublicRoleToReading(strapi);
    await setFieldSettings(strapi);
    await createFirstAdmin(strapi);
    await importSeed(strapi);
    await registerShopWebhooks(strapi);
    await makeBuildToken(strapi);
  },
};
