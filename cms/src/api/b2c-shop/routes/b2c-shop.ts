/**
 * api::b2c-shop.b2c-shop router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::b2c-shop.b2c-shop');
