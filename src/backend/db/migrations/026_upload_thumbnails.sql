-- An upload's thumbnail, as Strapi's upload plugin makes one (its `formats.thumbnail`): the picture made to
-- fit in 245 × 156 pixels, kept as an upload of its own. Small pictures (a cart's or an order's lines, the
-- search suggestions, the guides' choices) load it instead of the master, a fifth to a twentieth of the
-- bytes. An upload made before this has none, and the master is used in its place.
ALTER TABLE content.uploads ADD COLUMN thumbnail text REFERENCES content.uploads (name);
