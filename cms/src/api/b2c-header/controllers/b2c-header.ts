/**
 * api::b2c-header.b2c-header controller: Strapi's core one, with the sites' read as its find where they read it (written by
 * scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';
import { siteReads } from '../../../site-reads';

export default factories.createCoreController('api::b2c-header.b2c-header', siteReads('b2c-header'));
