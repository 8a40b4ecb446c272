/**
 * api::b2c-header.b2c-header router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::b2c-header.b2c-header');
