import { defineConfig } from "drizzle-kit";

// drizzle-kit generates the SQL migrations into drizzle/ from the tables each feature folder owns.
// Migrations are committed and never edited after they land; the app applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/tables.server.ts",
  out: "./drizzle",
});
