import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { recordColumns, recordIdColumn, versionColumn } from "#app/db/columns.ts";

export const rackFiles = pgTable(
  "rack_files",
  {
    ...recordColumns,
    ...recordIdColumn,
    ...versionColumn,
    rackName: text("rack_name").notNull(),
    fileNumber: integer("file_number").notNull(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("rack_files_rack_number_key").on(t.rackName, t.fileNumber)],
);
