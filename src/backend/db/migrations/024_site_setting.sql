-- The site's public settings an editor changes at run time, without a rebuild (a Strapi single type,
-- `site-setting`): today the routes in maintenance, route names of the route table. One row.
CREATE TABLE content.site_setting (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  maintenance_routes text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO content.site_setting DEFAULT VALUES;
