/**
 * api::b2c-category.b2c-category service: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::b2c-category.b2c-category');
