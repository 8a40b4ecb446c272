/**
 * The marketing-event service's wire format, shared by the platform's embedded service and the sites'
 * client: POST {root}/?locale=… with the event name, app_name, the shopper's A/B segments and the event's
 * fields, answered by an object of action name to action data; POST {root}/report/{campaign} with app_name.
 */
import { z } from 'zod';
import { localeCodes } from '../channels.ts';
import { segmentsSchema } from './abtests.ts';

const MARKETING_EVENTS = ['page_view', 'view_cart', 'view_item', 'exit_intent'] as const;
const MARKETING_ACTIONS = ['top_header', 'popup', 'ad_product_offer', 'ad_push_category', 'page_view_done', 'abtest'] as const;
const POPUP_TYPES = ['country_wall', 'lang_switcher_wall', 'markdown_modal', 'exit_intent'] as const;
export type MarketingAction = (typeof MARKETING_ACTIONS)[number];

export const marketingLocale = z.enum(localeCodes);

const appName = z.string().regex(/^[a-z0-9-]{1,40}$/);

export const eventRequest = z
  .object({
    event: z.enum(MARKETING_EVENTS),
    app_name: appName,
    abtests: segmentsSchema.default({}),
    path: z.string().max(500).optional(),
    product_code: z.string().max(100).optional(),
    category_code: z.string().max(100).optional(),
  })
  .strict();
export type EventRequest = z.input<typeof eventRequest>;

export const reportRequest = z.object({ app_name: appName }).strict();

export const campaignCode = z.string().regex(/^[a-z0-9-]{1,60}$/);

/** One action's data: the campaign that sent it (the code to report) and its content. */
const actionData = z
  .object({
    campaign: campaignCode,
    popup_type: z.enum(POPUP_TYPES).optional(),
    title: z.string().optional(),
    text: z.string().optional(),
    link: z.string().optional(),
    test: z.string().optional(),
    segment: z.string().optional(),
    variants: z.array(z.string()).optional(),
    product_code: z.string().optional(),
    category_code: z.string().optional(),
  })
  .passthrough();

export const eventAnswer = z.partialRecord(z.enum(MARKETING_ACTIONS), actionData);
export type EventAnswer = z.infer<typeof eventAnswer>;
