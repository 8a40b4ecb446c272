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
