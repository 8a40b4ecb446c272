/**
 * api::marketing-campaign.marketing-campaign service: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::marketing-campaign.marketing-campaign');
