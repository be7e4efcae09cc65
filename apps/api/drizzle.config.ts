import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit generates SQL migrations from the schema (`npm run db:generate -w @spesa/api`).
 * No database is needed to generate; the server applies them at start-up (src/db/client.ts).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
