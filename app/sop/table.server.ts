import { date, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { recordColumns, recordIdColumn, versionColumn } from "#app/db/columns.ts";

// One row per filled-in paper format. `data` is validated by the format's schema on every save;
// `summary` holds the format's key fields as text for the records list and its search.
export const sopRecords = pgTable(
  "sop_records",
  {
    ...recordColumns,
    ...recordIdColumn,
    ...versionColumn,
    format: text("format").notNull(),
    recordDate: date("record_date", { mode: "string" }).notNull(),
    data: jsonb("data").notNull(),
    summary: text("summary").notNull().default(""),
  },
  (t) => [index("sop_records_format_date_idx").on(t.format, t.recordDate, t.createdAt)],
);
