/**
 * The marketing-event service's wire format, shared by the platform's embedded service and the sites'
 * client: POST {root}/?locale=… with the event name, app_name, the shopper's A/B segments and the event's
 * fields, answered by an object of action name to action data; POST {root}/report/{campaign} with app_name.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { localeCodes } from '../channels.ts';
import { segmentsSchema } from './abtests.ts';

const MARKETING_EVENTS = ['page_view', 'view_cart', 'view_item', 'exit_intent'] as const;
const MARKETING_ACTIONS = ['top_header', 'popup', 'ad_product_offer', 'ad_push_category', 'page_view_done', 'abtest'] as const;
const POPUP_TYPES = ['country_wall', 'lang_switcher_wall', 'markdown_modal', 'exit_intent'] as const;
export type MarketingAction = (typeof MARKETING_ACTIONS)[number];

export const marketingLocale = z.enum(localeCodes);

const appName = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/));

export const eventRequest = z.strictObject({
  event: z.enum(MARKETING_EVENTS),
  app_name: appName,
  abtests: z._default(segmentsSchema, {}),
  path: z.optional(z.string().check(z.maxLength(500))),
  product_code: z.optional(z.string().check(z.maxLength(100))),
  category_code: z.optional(z.string().check(z.maxLength(100))),
});
export type EventRequest = z.input<typeof eventRequest>;

export const reportRequest = z.strictObject({ app_name: appName });

export const campaignCode = z.string().check(z.regex(/^[a-z0-9-]{1,60}$/));

/** One action's data: the campaign that sent it (the code to report) and its content. */
const actionData = z.looseObject({
  campaign: campaignCode,
  popup_type: z.optional(z.enum(POPUP_TYPES)),
  title: z.optional(z.string()),
  text: z.optional(z.string()),
  link: z.optional(z.string()),
  test: z.optional(z.string()),
  segment: z.optional(z.string()),
  variants: z.optional(z.array(z.string())),
  product_code: z.optional(z.string()),
  category_code: z.optional(z.string()),
});

export const eventAnswer = z.partialRecord(z.enum(MARKETING_ACTIONS), actionData);
export type EventAnswer = z.infer<typeof eventAnswer>;
