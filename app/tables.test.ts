import { getTableColumns } from "drizzle-orm";
import { expect, test } from "vitest";
import { contractRecord } from "#app/contracts/record.ts";
import { BOOKKEEPING_COLUMNS } from "#app/db/columns.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { type AnyRecordDefinition, tableMismatches } from "#app/lib/record.ts";
import { sparesRecord } from "#app/spares/record.ts";
import { MOVEMENT_BOOKKEEPING, movementRecord } from "#app/stock/record.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";
import {
  contracts,
  inventoryItems,
  rackFiles,
  rackItems,
  stockMovements,
  users,
} from "#app/tables.server.ts";
import { USER_BOOKKEEPING, userRecord } from "#app/users/record.ts";

// Each record type's definition (its record.ts) and its hand-written drizzle table agree: every
// field has its column, every column its field or a bookkeeping reason (lib/record.ts
// tableMismatches), so a field added to one and not the other fails here.

test.each<[string, AnyRecordDefinition, Parameters<typeof getTableColumns>[0], readonly string[]]>([
  ["a contract", contractRecord, contracts, BOOKKEEPING_COLUMNS],
  ["a file of the file index", fileRecord, rackFiles, BOOKKEEPING_COLUMNS],
  ["a spares line", sparesRecord, inventoryItems, BOOKKEEPING_COLUMNS],
  ["a rack item", rackItemRecord, rackItems, BOOKKEEPING_COLUMNS],
  ["a stock movement", movementRecord, stockMovements, MOVEMENT_BOOKKEEPING],
  ["a user", userRecord, users, [...BOOKKEEPING_COLUMNS, ...USER_BOOKKEEPING]],
])("%s: every field has its column in the table, every column its field or a reason", (_, record, table, bookkeeping) => {
  expect(tableMismatches(record, getTableColumns(table), bookkeeping)).toEqual([]);
});
