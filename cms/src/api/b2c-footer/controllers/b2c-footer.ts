/**
 * api::b2c-footer.b2c-footer controller: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::b2c-footer.b2c-footer');
