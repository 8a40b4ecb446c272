/**
 * api::b2c-product-variant.b2c-product-variant router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::b2c-product-variant.b2c-product-variant');
