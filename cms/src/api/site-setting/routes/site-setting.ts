/**
 * api::site-setting.site-setting router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::site-setting.site-setting');
