import http from "node:http";
import postgres from "postgres";
import { contractStatus, DEFAULT_DUE_SOON_DAYS } from "#app/contracts/rules.ts";
import { excessShortFall, orderStatusOf } from "#app/spares/rules.ts";

// The benchmark's yardstick (docs/performance.md): a bare node:http + postgres.js
// handler serving the same JSON as GET /api/{department}/product and GET /api/equipment/get, from
// the same database, with the same query, field names and order. No framework, no sign-in, no
// audit: what the hardware can do, so the app's /api can be judged as a share of it.
// Run as its own process (the benchmark's load generator must not share its event loop).

const url = process.env.BASELINE_DATABASE_URL;
const port = Number(process.env.PORT);
const timeZone = process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata";
if (!url || !port) throw new Error("BASELINE_DATABASE_URL and PORT must be set");

const sql = postgres(url, { max: 10, onnotice: () => {} });

async function inventory(department: string) {
  const rows = await sql`
    select id, srno, assets, components_and_equipments, available_stock::float8 as available_stock,
           min_stock::float8 as min_stock, lead_time_days::float8 as lead_time_days,
           version, created_at, updated_at
    from inventory_items where department = ${department} order by srno asc`;
  return {
    success: true,
    users: rows.map((row) => ({
      _id: row.id,
      srno: row.srno,
      Assets: row.assets,
      ComponentsAndEquipments: row.components_and_equipments,
      AvailableStock: row.available_stock,
      MinStock: row.min_stock,
      LeadTime: row.lead_time_days,
      ExcessShortFall: excessShortFall(row.available_stock, row.min_stock),
      StatusofOrder: orderStatusOf(row.available_stock, row.min_stock),
      version: row.version,
      createdAt: (row.created_at as Date).toISOString(),
      updatedAt: (row.updated_at as Date).toISOString(),
    })),
  };
}

async function equipment() {
  const rows = await sql`
    select id, equipment, company, validity_from::text as validity_from, validity_to::text as validity_to, pms,
           vendor_code, contract_number, concerned_person, mobile_number,
           last_checked_on::text as last_checked_on, next_due_on::text as next_due_on, version, created_at, updated_at
    from contracts order by created_at asc, id asc`;
  const now = new Date();
  return rows.map((row) => ({
    _id: row.id,
    equipment: row.equipment,
    company: row.company,
    validity: { from: row.validity_from ?? "", to: row.validity_to ?? "" },
    pms: row.pms ?? "",
    vendorCode: row.vendor_code,
    contractNumber: row.contract_number,
    concernedPerson: row.concerned_person,
    mobileNumber: row.mobile_number,
    lastDateOfChecking: row.last_checked_on ?? "",
    nextDueDate: row.next_due_on ?? "",
    version: row.version,
    createdAt: (row.created_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
    status: contractStatus(
      { validityTo: row.validity_to, nextDueOn: row.next_due_on },
      now,
      timeZone,
      DEFAULT_DUE_SOON_DAYS,
    ),
  }));
}

const server = http.createServer(async (request, response) => {
  try {
    const match = /^\/api\/(Electrician|FireFight|Technician)\/product$/.exec(request.url ?? "");
    const body = match
      ? await inventory(match[1])
      : request.url === "/api/equipment/get"
        ? await equipment()
        : undefined;
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(port, "127.0.0.1", () => console.log("baseline ready"));
process.on("SIGTERM", () => server.close(() => void sql.end().then(() => process.exit(0))));
