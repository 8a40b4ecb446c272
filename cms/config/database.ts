/**
 * Strapi's PostgreSQL client (`postgres`, the `pg` driver) in every case, on one of two databases:
 * - DATABASE_URL set: that PostgreSQL server. In production, a managed PostgreSQL that every Strapi instance shares
 *   (DATABASE_SSL=true when it asks for TLS); production refuses to start without it.
 * - otherwise, on a laptop or in CI: the embedded PGlite kept in cms/.data/pglite/, which `npm run cms`
 *   serves on 127.0.0.1:CMS_PGLITE_PORT with @electric-sql/pglite-socket, so Strapi speaks to it as to any server.
 * One client both ways: the tables Strapi makes on a laptop are the ones it makes in production. Not SQLite: its
 * driver builds native code at install, which this project's machines cannot download, and behaves otherwise.
 */
import type { Core } from '@strapi/strapi';
import { isProduction } from '../src/environment';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const url = env('DATABASE_URL', '');
  if (!url && isProduction(env)) throw new Error('DATABASE_URL is not set: in production Strapi keeps its content in PostgreSQL.');
  const server = url
    ? {
        connectionString: url,
        ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
      }
    : // PGlite's socket server takes any user and password.
      { host: '127.0.0.1', port: env.int('CMS_PGLITE_PORT', 5433), database: 'postgres', user: 'postgres', password: 'postgres' };
  return {
    connection: {
      client: 'postgres',
      connection: server,
      // PGlite is one session: a second connection would run its statements inside another's transaction.
      pool: url ? { min: 0, max: env.int('DATABASE_POOL_MAX', 10) } : { min: 0, max: 1 },
      acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
    },
  };
};
