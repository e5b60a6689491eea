import { date, index, pgTable, text } from "drizzle-orm/pg-core";
import { recordColumns, recordIdColumn, versionColumn } from "#app/db/columns.ts";

// Calendar dates stay YYYY-MM-DD strings end to end (mode "string"): never JS Dates on the server.
export const contracts = pgTable(
  "contracts",
  {
    ...recordColumns,
    ...recordIdColumn,
    ...versionColumn,
    equipment: text("equipment").notNull().default(""),
    company: text("company").notNull().default(""),
    validityFrom: date("validity_from", { mode: "string" }),
    validityTo: date("validity_to", { mode: "string" }),
    pms: text("pms"),
    vendorCode: text("vendor_code").notNull().default(""),
    contractNumber: text("contract_number").notNull().default(""),
    concernedPerson: text("concerned_person").notNull().default(""),
    mobileNumber: text("mobile_number").notNull().default(""),
    lastCheckedOn: date("last_checked_on", { mode: "string" }),
    nextDueOn: date("next_due_on", { mode: "string" }),
  },
  (t) => [index("contracts_next_due_idx").on(t.nextDueOn), index("contracts_created_idx").on(t.createdAt)],
);
