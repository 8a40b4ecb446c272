/**
 * At each start: the languages editors write in are the sites' two, French (the default, the language of the FR
 * site and of the BE site's French pages) and Dutch (Flemish, the BE site's /nl/ pages). Strapi's i18n starts with
 * English; an entry in a language no site shows would be work for nothing, so any other language is removed. Then
 * the public role reads what the sites read and nothing else (bootstrap/public-role.ts), and on an empty database
 * the first admin account is made (bootstrap/first-admin.ts) and the seed catalogue imported (bootstrap/seed.ts).
 */
import type { Core } from '@strapi/strapi';
import { createFirstAdmin } from './bootstrap/first-admin';
import { limitPublicRoleToReading } from './bootstrap/public-role';
import { importSeed } from './bootstrap/seed';

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
  register() {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const locales = strapi.plugin('i18n').service('locales') as unknown as Locales;
    for (const language of LANGUAGES) if (!(await locales.findByCode(language.code))) await locales.create(language);
    await locales.setDefaultLocale({ code: 'fr' });
    for (const locale of await locales.find())
      if (!LANGUAGES.some((language) => language.code === locale.code)) {
        await locales.delete({ id: locale.id });
        strapi.log.info(`i18n: language ${locale.code} removed (the sites speak French and Dutch).`);
      }
    await limitPublicRoleToReading(strapi);
    await createFirstAdmin(strapi);
    await importSeed(strapi);
  },
};
