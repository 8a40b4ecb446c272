/**
 * api::marketing-campaign.marketing-campaign router: Strapi's core one (written by scripts/cms-schemas.ts).
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::marketing-campaign.marketing-campaign');
