/**
 * api::b2c-footer.b2c-footer router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::b2c-footer.b2c-footer');
