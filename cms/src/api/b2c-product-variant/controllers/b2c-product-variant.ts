/**
 * api::b2c-product-variant.b2c-product-variant controller: Strapi's core one, with the sites' read as its find where they read it (written by
 * scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';
import { siteReads } from '../../../site-reads';

export default factories.createCoreController('api::b2c-product-variant.b2c-product-variant', siteReads('b2c-product-variant'));
