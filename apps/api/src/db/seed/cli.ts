/**
 * Seeds a database and prints what it holds. Without DATABASE_DIR it uses an in-memory PGlite, applies
 * the migrations of ../migrations (or, before they exist, a schema push built from ../schema.ts),
 * seeds and reports counts and timings: a check of the seed, and the 100k-product benchmark.
 *
 *   npx tsx apps/api/src/db/seed/cli.ts                    # default catalogue, in memory
 *   npx tsx apps/api/src/db/seed/cli.ts --target 100000    # benchmark size
 *   npx tsx apps/api/src/db/seed/cli.ts --dir /tmp/spesa-db  # persist into a PGlite data folder
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../schema';
import type { Db } from './db';
import { seedDatabase } from './index';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    dir: { type: 'string' },
    data: { type: 'string', default: join(here, '../../../../../data/demo') },
    quiet: { type: 'boolean', default: false },
  },
});

async function pushSchemaWithoutMigrations(db: Db): Promise<void> {
  // Fallback while ../migrations does not exist yet: the same DDL drizzle-kit would generate.
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS unaccent`);
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await db.execute(sql`CREATE TEXT SEARCH CONFIGURATION it_unaccent (COPY = italian)`);
  await db.execute(
    sql`ALTER TEXT SEARCH CONFIGURATION it_unaccent ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem`,
  );
  const statements = await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson(schema as Record<string, unknown>),
  );
  for (const s of statements) await db.execute(sql.raw(s));
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const client = new PGlite(values.dir ?? 'memory://', { extensions: { pg_trgm, unaccent } });
  const db: Db = drizzle(client);
  const migrationsFolder = join(here, '../migrations');
  if (existsSync(join(migrationsFolder, 'meta/_journal.json'))) {
    await migrate(drizzle(client), { migrationsFolder });
    console.log(`migrated from ${migrationsFolder}: ${Math.round(performance.now() - t0)} ms`);
  } else {
    await pushSchemaWithoutMigrations(db);
    console.log(`no migrations yet: schema pushed from schema.ts: ${Math.round(performance.now() - t0)} ms`);
  }

  const t1 = performance.now();
  await seedDatabase(
    {
      dataDir: values.data as string,
      productTarget: values.target ? Number(values.target) : undefined,
      log: values.quiet ? undefined : (m) => console.log(`  ${m}`),
    },
    db,
  );
  console.log(`seed: ${Math.round(performance.now() - t1)} ms`);

  const q = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
  console.table(
    await q(`SELECT category_type_id, level, COUNT(*)::int AS n FROM categories GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  console.table(
    await q(`SELECT d.slug AS department, COUNT(p.*)::int AS products, COUNT(DISTINCT p.brand)::int AS brands
             FROM categories d JOIN categories c ON c.parent_id = d.category_id JOIN categories s ON s.parent_id = c.category_id
             JOIN products p ON p.category_id = s.category_id WHERE d.level = 1 GROUP BY d.slug, d.priority ORDER BY d.priority`),
  );
  console.table(
    await q(`SELECT MIN(n)::int AS min_per_leaf, MAX(n)::int AS max_per_leaf, COUNT(*)::int AS leaves FROM (
               SELECT s.category_id, COUNT(p.*) AS n FROM categories s LEFT JOIN products p ON p.category_id = s.category_id
               WHERE s.level = 3 GROUP BY s.category_id) x`),
  );
  console.table(
    await q(`SELECT COUNT(*)::int AS products,
               COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM product_promos pp WHERE pp.product_id = p.product_id AND current_date BETWEEN pp.valid_from AND pp.valid_to))::int AS on_promo_today,
               (SELECT COUNT(*)::int FROM product_promos WHERE valid_to < current_date) AS expired_promos,
               COUNT(*) FILTER (WHERE is_new)::int AS new, COUNT(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.product_id))::int AS unavailable,
               COUNT(*) FILTER (WHERE badge_label IS NOT NULL)::int AS badges,
               (SELECT COUNT(*)::int FROM vendors) AS vendors, (SELECT COUNT(*)::int FROM search_terms) AS search_terms,
               (SELECT COUNT(*)::int FROM category_blocks) AS blocks, (SELECT COUNT(*)::int FROM proposals) AS proposals,
               (SELECT version FROM catalogue_version WHERE id = 1) AS catalogue_version
             FROM products p`),
  );
  console.table(
    await q(
      `SELECT selling_type, COUNT(*)::int AS n, ROUND(100.0 * COUNT(*) / SUM(COUNT(*)) OVER (), 1) AS pct FROM products GROUP BY 1 ORDER BY 2 DESC`,
    ),
  );
  console.table(await q(`SELECT iva_pct, COUNT(*)::int FROM products GROUP BY 1 ORDER BY 1`));
  console.table(
    await q(
      `SELECT badge_label, COUNT(*)::int FROM products WHERE badge_label IS NOT NULL GROUP BY 1 ORDER BY 2 DESC`,
    ),
  );
  console.table(
    await q(
      `SELECT promo_type, COUNT(*)::int, ROUND(AVG(discount_perc), 1) AS avg_disc FROM product_promos GROUP BY 1`,
    ),
  );
  console.log('top sellers:');
  console.table(
    await q(`SELECT name, brand, format, sales_rank FROM products ORDER BY sales_rank DESC LIMIT 10`),
  );
  console.log('fixtures:');
  console.table(
    await q(`(SELECT 'mozzarella' AS fixture, slug, name, selling_type, product_infos::text AS infos FROM products WHERE name ILIKE '%mozzarella%' ORDER BY product_id LIMIT 3)
      UNION ALL (SELECT 'sfuso mele-e-pere', p.slug, p.name, p.selling_type, p.product_infos::text FROM products p JOIN categories c USING (category_id) WHERE c.slug = 'mele-e-pere' AND p.selling_type = 'Sfuso' ORDER BY p.product_id LIMIT 2)
      UNION ALL (SELECT 'acqua 6-pack', p.slug, p.name, p.selling_type, p.product_infos::text FROM products p JOIN categories c USING (category_id) WHERE c.slug LIKE 'acqua-%' AND p.product_infos->>'QTY_MULT' = '6' ORDER BY p.product_id LIMIT 2)`),
  );
  console.table(await q(`SELECT term, frequency FROM search_terms ORDER BY frequency DESC LIMIT 12`));
  await client.close();
}

await main();
