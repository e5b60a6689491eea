import { defineConfig } from "drizzle-kit";

// drizzle-kit generates the SQL migrations into drizzle/ from the tables each feature folder owns.
// Migrations are committed and never edited after they land; the app applies them at start.
export default defineConfig({
  dialect: "postgresql",
  // The app's tables, and the legacy importer's record of what it brought across (scripts/legacy).
  schema: ["./app/tables.server.ts", "./scripts/legacy/table.ts"],
  out: "./drizzle",
});
