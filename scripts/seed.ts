/**
 * `npm run seed [-- --reset] [-- --products N]`: (re)seeds the content service from the fixtures,
 * or from the generator scaled to N products (benchmarks).
 */
import { parseArgs } from 'node:util';
import { exitIfDatabaseInUse, openDatabase } from '../src/backend/db/database.ts';
import { migrate } from '../src/backend/db/migrate.ts';
import { seedContent } from '../src/backend/seed/seed.ts';

const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false }, products: { type: 'string' } } });
const products = values.products === undefined ? undefined : Number(values.products);
if (products !== undefined && (!Number.isInteger(products) || products < 1)) {
  console.error('--products takes a whole number of products, e.g. --products 2000');
  process.exit(2);
}
// A running platform owns its PGlite folder: the seed refuses (naming it) rather than write beside it.
const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }).catch(exitIfDatabaseInUse);
await migrate(db);
const wrote = await seedContent(db, { reset: values.reset, products });
console.log(
  wrote
    ? `Seeded the catalogue${products ? ` with ${products} products` : ''} (${db.driver}).`
    : 'Catalogue already seeded (use --reset to start again).',
);
await db.close();
