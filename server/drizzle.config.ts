import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one pg-core schema and applied at start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
