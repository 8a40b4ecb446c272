/**
 * api::b2c-shop.b2c-shop controller: Strapi's core one, with the sites' read as its find where they read it (written by
 * scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';
import { siteReads } from '../../../site-reads';

export default factories.createCoreController('api::b2c-shop.b2c-shop', siteReads('b2c-shop'));
