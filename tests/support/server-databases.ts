/** Databases the PostgreSQL pass makes on TEST_DATABASE_URL's server (template-database.ts, file-database.ts). */
import postgres from 'postgres';

/** A connection for CREATE and DROP DATABASE, made to TEST_DATABASE_URL's own database (which the copies are not). */
export const adminSql = (url: string) => postgres(url, { max: 1, onnotice: () => {} });

/** `url` with another database name. */
export function databaseUrlNamed(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}
