/**
 * api::b2c-faq.b2c-faq router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::b2c-faq.b2c-faq');
