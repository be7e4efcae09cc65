-- Extensions and the Italian accent-insensitive text search configuration used by products.search_vector.
-- Runs before the tables (the generated column names it_unaccent). Idempotent: safe on a database where
-- an administrator already created them. Accepted by PostgreSQL 15 and by PGlite (PostgreSQL 18).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_ts_config WHERE cfgname = 'it_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION it_unaccent (COPY = italian);
    ALTER TEXT SEARCH CONFIGURATION it_unaccent
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem;
  END IF;
END
$$;
