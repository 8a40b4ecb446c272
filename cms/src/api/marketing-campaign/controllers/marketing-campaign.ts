/**
 * api::marketing-campaign.marketing-campaign controller: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::marketing-campaign.marketing-campaign');
