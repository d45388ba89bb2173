import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the TypeScript schema: `npm run db:generate -w apps/server`.
// The files in ./drizzle are committed and run at start-up on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
});
