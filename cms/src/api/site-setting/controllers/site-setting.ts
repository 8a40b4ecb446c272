/**
 * api::site-setting.site-setting controller: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::site-setting.site-setting');
