-- The marketing-event service (src/backend/marketing): campaigns answering the sites' events with actions
-- (a top header message, a popup, an A/B test, …), and the reports the sites send when a campaign was shown.

CREATE SCHEMA IF NOT EXISTS marketing;

CREATE TABLE marketing.campaigns (
  code text PRIMARY KEY CHECK (code ~ '^[a-z0-9-]{1,60}$'),
  -- The site event that triggers it (page_view, view_cart, view_item, exit_intent).
  event text NOT NULL CHECK (event IN ('page_view', 'view_cart', 'view_item', 'exit_intent')),
  action text NOT NULL CHECK (action IN ('top_header', 'popup', 'ad_product_offer', 'ad_push_category', 'page_view_done', 'abtest')),
  -- The language it speaks, or null for both.
  language text CHECK (language IN ('fr', 'nl')),
  -- The action's data as the sites read it (popup_type, title, text, link, test, variants, …).
  data jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE marketing.reports (
  campaign text NOT NULL REFERENCES marketing.campaigns (code),
  app_name text NOT NULL,
  reported_on date NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign, app_name, reported_on)
);

INSERT INTO marketing.campaigns (code, event, action, language, data, position) VALUES
  ('livraison-offerte-fr', 'page_view', 'top_header', 'fr', '{"text": "Livraison offerte dès 49 € d''achat", "link": "/livraison/"}', 1),
  ('livraison-offerte-nl', 'page_view', 'top_header', 'nl', '{"text": "Gratis levering vanaf € 49", "link": "/nl/levering/"}', 1),
  ('exit-newsletter-fr', 'exit_intent', 'popup', 'fr', '{"popup_type": "exit_intent", "title": "5 € offerts sur votre première commande", "text": "Inscrivez-vous à notre newsletter et recevez 5 € de réduction sur votre première commande."}', 1),
  ('exit-newsletter-nl', 'exit_intent', 'popup', 'nl', '{"popup_type": "exit_intent", "title": "€ 5 korting op je eerste bestelling", "text": "Schrijf je in voor onze nieuwsbrief en krijg € 5 korting op je eerste bestelling."}', 1),
  ('test-bandeau-accueil', 'page_view', 'abtest', NULL, '{"test": "bandeau-accueil", "variants": ["control", "b"]}', 2),
  ('page-vue', 'page_view', 'page_view_done', NULL, '{}', 3);
