// Every table of the application, gathered for drizzle-kit (drizzle.config.ts) and the seed.
// Each feature folder owns its table; this file only composes, like app/routes.ts. The app's
// database client needs no table list (queries name their tables), so db/ imports no feature.

export { auditLog } from "#app/audit/table.server.ts";
export { loginAttempts, registrationAttempts, sessions, users } from "#app/auth/table.server.ts";
export { contracts } from "#app/contracts/table.server.ts";
export { rackFiles } from "#app/file-index/table.server.ts";
export { todayVisits } from "#app/home/table.server.ts";
export { imports } from "#app/imports/table.server.ts";
export { outbox } from "#app/mail/table.server.ts";
export { reminderSubscriptions, remindersSent } from "#app/reminders/table.server.ts";
export { settings } from "#app/settings/table.server.ts";
export { sopRecords } from "#app/sop/table.server.ts";
export { inventoryItems } from "#app/spares/table.server.ts";
export { stockMovements } from "#app/stock/table.server.ts";
export { rackItems } from "#app/store-racks/table.server.ts";
