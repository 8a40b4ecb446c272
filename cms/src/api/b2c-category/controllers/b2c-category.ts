/**
 * api::b2c-category.b2c-category controller: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::b2c-category.b2c-category');
