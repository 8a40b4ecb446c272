/**
 * api::b2c-shop.b2c-shop service: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::b2c-shop.b2c-shop');
