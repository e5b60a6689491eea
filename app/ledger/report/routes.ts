import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// The stock report's routes (issue 17); app/routes.ts composes them. `pages` sit inside the
// signed-in shell; the print view is sent without JavaScript.
export const pages: RouteConfigEntry[] = [
  route("stock/report", "ledger/report/routes/report.tsx", { id: "stock-report" }),
  route("stock/report/print", "ledger/report/routes/print.tsx", { id: "stock-report-print" }),
];

// Paths relative to "api/".
export const api: RouteConfigEntry[] = [
  route("stock/report", "ledger/report/routes/api-report.ts", { id: "api-stock-report" }),
];

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/stock/report",
    description:
      "Stock report: per item opening, receipts, issues, counts, closing for ?from=&to= (or ?month=YYYY-MM; default this month), with totals per rack and department; filters items=rack|spare, rack, department, q; paged by page, size; ?format=xlsx|csv: the whole filtered report as a download",
  },
];
