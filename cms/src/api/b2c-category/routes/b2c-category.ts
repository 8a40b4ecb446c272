/**
 * api::b2c-category.b2c-category router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::b2c-category.b2c-category');
