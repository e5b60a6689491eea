// Every table of the application, gathered for Drizzle's client and for drizzle-kit.
// Each feature folder owns its table; this file only composes.
export { loginAttempts, registrationAttempts, sessions, users } from "#app/auth/table.server.ts";
export { contracts } from "#app/contracts/table.server.ts";
export { rackFiles } from "#app/file-index/table.server.ts";
export { inventoryItems } from "#app/inventory/table.server.ts";
export { auditLog } from "#app/lib/audit.table.server.ts";
export { settings } from "#app/settings/table.server.ts";
export { sopRecords } from "#app/sop/table.server.ts";
export { rackItems } from "#app/store-racks/table.server.ts";
