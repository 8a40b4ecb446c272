/**
 * api::b2c-product-variant.b2c-product-variant controller: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::b2c-product-variant.b2c-product-variant');
