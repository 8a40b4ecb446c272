/**
 * The Dutch texts, for Belgian readers: one voice, "je" (never "u"), in the site, the API's errors and the
 * mails alike; no space before a colon; dates 01/01/1970; hours "9.30 uur". One term per thing:
 * klantendienst (not klantenservice), winkelmand (not winkelmandje), betaalmethode (not betaalmiddel or
 * betaalwijze), leveringswijze (not verzendmethode), afhaalpunt, staaltje (not staal), wijzigen (not bewerken),
 * verder (the button that goes on, not doorgaan), inloggen (not aanmelden), klantenzone, kortingscode,
 * brokken, natvoer, snacks, volledig/aanvullend diervoeder.
 * tests/unit/i18n/typography.ts holds these choices.
 */
import common from './common.ts';
import catalogue from './catalogue.ts';
import shops from './shops.ts';
import pages from './pages.ts';
import forms from './forms.ts';
import account from './account.ts';
import cart from './cart.ts';
import relay from './relay.ts';
import checkout from './checkout.ts';
import orders from './orders.ts';
import subscriptions from './subscriptions.ts';
import pets from './pets.ts';
import guide from './guide.ts';
import calculator from './calculator.ts';
import biNutrition from './biNutrition.ts';
import marketing from './marketing.ts';
import newsletter from './newsletter.ts';
import contact from './contact.ts';
import sponsorships from './sponsorships.ts';
import search from './search.ts';

export default {
  ...common,
  catalogue,
  shops,
  pages,
  forms,
  account,
  cart,
  relay,
  checkout,
  orders,
  subscriptions,
  pets,
  calculator,
  guide,
  biNutrition,
  marketing,
  newsletter,
  contact,
  sponsorships,
  search,
};
