/**
 * The plugins' settings. i18n is part of Strapi 5's core: its languages, French (the default) and Dutch, are set at
 * start (src/index.ts). Uploads (pack shots, banners) go through Strapi's upload plugin, which makes the
 * `formats.thumbnail` the sites show small; on a laptop they are files in public/uploads/, in production an object
 * store's provider (the README says which variables). users-permissions holds the public role, which reads only
 * what the sites need.
 */
import type { Core } from '@strapi/strapi';
import { secretOf } from '../src/environment';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': { config: { jwtSecret: secretOf(env, 'JWT_SECRET') } },
  upload: {
    config: {
      // A pack shot or a banner of a few megabytes at most: a larger file is a mistake, refused at upload.
      sizeLimit: 10 * 1024 * 1024,
    },
  },
});
