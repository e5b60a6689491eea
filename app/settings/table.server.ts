import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { recordColumns, versionColumn } from "#app/db/columns.ts";

export const settings = pgTable("settings", {
  ...recordColumns,
  ...versionColumn,
  key: text("key").notNull().unique(),
  value: jsonb("value").notNull(),
});
