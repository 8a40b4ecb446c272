/**
 * api::b2c-faq.b2c-faq controller: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::b2c-faq.b2c-faq');
