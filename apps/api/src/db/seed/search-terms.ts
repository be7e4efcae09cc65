/**
 * Term dictionary for suggestions, built in SQL so it stays fast on 100k products: the lower-case,
 * unaccented words (>= 3 letters, not Italian stop words, not pure numbers) of product names and brands,
 * with the number of products containing each; plus the multi-word names of categories (apostrophes kept).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db';

export const ITALIAN_STOP_WORDS = [
  'di',
  'del',
  'della',
  'dello',
  'dei',
  'degli',
  'delle',
  'con',
  'col',
  'al',
  'alla',
  'allo',
  'alle',
  'ai',
  'agli',
  'per',
  'e',
  'ed',
  'in',
  'nel',
  'nella',
  'nei',
  'nelle',
  'da',
  'dal',
  'dalla',
  'dai',
  'dalle',
  'su',
  'sul',
  'sulla',
  'il',
  'lo',
  'la',
  'le',
  'gli',
  'i',
  'un',
  'uno',
  'una',
  'che',
  'non',
  'senza',
  'piu',
  'tra',
  'fra',
  'tipo',
  'gusto',
  'the',
  'and',
  'pz',
  'pezzi',
  'conf',
  'confezione',
  'gr',
  'kg',
  'ml',
  'cl',
  'lt',
] as const;

export async function fillSearchTerms(db: Db): Promise<void> {
  const stop = sql.raw(`ARRAY[${[...new Set(ITALIAN_STOP_WORDS)].map((w) => `'${w}'`).join(',')}]::text[]`);
  await db.execute(sql`DELETE FROM search_terms`);
  await db.execute(sql`
    INSERT INTO search_terms (term, frequency)
    SELECT w.term, COUNT(DISTINCT w.product_id)::int
    FROM (
      SELECT p.product_id, regexp_split_to_table(lower(unaccent(p.name || ' ' || p.brand)), '[^a-z0-9]+') AS term
      FROM products p
      WHERE p.active
    ) w
    WHERE length(w.term) >= 3 AND w.term !~ '^[0-9]+$' AND NOT (w.term = ANY(${stop}))
    GROUP BY w.term`);
  // category names of several words ("formaggi tipici lombardi"), weighted by the products below them; an
  // elision's apostrophe stays ("latte per l'infanzia"): the term is shown as a suggestion
  await db.execute(sql`
    WITH RECURSIVE tree AS (
      SELECT category_id AS top_id, category_id FROM categories WHERE category_type_id = 1 AND level >= 1
      UNION ALL
      SELECT t.top_id, c.category_id FROM tree t JOIN categories c ON c.parent_id = t.category_id
    )
    INSERT INTO search_terms (term, frequency)
    SELECT btrim(regexp_replace(lower(unaccent(replace(c.name, '’', ''''))), '[^a-z0-9'']+', ' ', 'g')),
           GREATEST(COUNT(p.product_id), 1)::int
    FROM categories c
    JOIN tree t ON t.top_id = c.category_id
    LEFT JOIN products p ON p.category_id = t.category_id AND p.active
    WHERE c.category_type_id = 1 AND c.level >= 1 AND position(' ' IN c.name) > 0
    GROUP BY c.category_id, c.name
    ON CONFLICT (term) DO UPDATE SET frequency = GREATEST(search_terms.frequency, EXCLUDED.frequency)`);
}
