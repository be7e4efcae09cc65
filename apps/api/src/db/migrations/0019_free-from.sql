ALTER TABLE "products" ADD COLUMN "free_from" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- a database seeded before: the same rule as catalogue/food-info.ts freeFromOf (decision 033), in SQL
UPDATE "products" SET "free_from" = array_remove(ARRAY[
    CASE WHEN lower("name") ~ '(senza\s+glutine|gluten[\s-]?free)'
      OR ("allergens" IS NOT NULL AND lower("allergens" || ' ' || coalesce("ingredients", ''))
        !~ '\m(glutine|frumento|grano|orzo|segale|avena|farro|kamut|malto|semola)\M') THEN 'glutine' END,
    CASE WHEN lower("name") ~ '(senza\s+lattosio|lactose[\s-]?free|delattosat)'
      OR ("allergens" IS NOT NULL AND lower("allergens" || ' ' || coalesce("ingredients", ''))
        !~ '\m(latte|lattosio|burro|panna|siero\s+di\s+latte|formaggio|formaggi|yogurt|caseina)\M') THEN 'lattosio' END
  ], NULL);
