/**
 * api::b2c-faq-entry.b2c-faq-entry controller: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::b2c-faq-entry.b2c-faq-entry');
