/**
 * api::b2c-header.b2c-header service: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::b2c-header.b2c-header');
