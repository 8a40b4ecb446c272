/**
 * api::b2c-product.b2c-product router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::b2c-product.b2c-product');
