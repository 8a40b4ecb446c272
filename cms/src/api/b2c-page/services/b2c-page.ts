/**
 * api::b2c-page.b2c-page service: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::b2c-page.b2c-page');
