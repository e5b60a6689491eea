import type { RouteConfigEntry } from "@remix-run/route-config";
import { reportQuery, sampleReport, stockReport } from "#app/ledger/report/api-schema.ts";
import { answers, type Endpoint, listOrDownload, signedIn } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// The stock report's routes (issue 17); app/routes.ts composes them. `pages` sit inside the
// signed-in shell; the print view is sent without JavaScript.
export const pages: RouteConfigEntry[] = [
  route("stock/report", "ledger/report/routes/report.tsx", { id: "stock-report" }),
  route("stock/report/print", "ledger/report/routes/print.tsx", { id: "stock-report-print" }),
];

// The report as a file (issue 18): a resource route (app/resources.ts), ?format=xlsx|csv plus the
// page's period and filters.
export const resources: RouteConfigEntry[] = [
  route("stock/report/export", "ledger/report/routes/export.ts", { id: "export-stock-report" }),
];

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/stock/report",
    module: "ledger/report/routes/api-report.ts",
    description:
      "Stock report: per item opening, receipts, issues, counts, closing for ?from=&to= (or ?month=YYYY-MM; default this month), with totals per rack and department; filters items=rack|spare, rack, department, q; paged by page, size; ?format=xlsx|csv: the whole filtered report as a download",
    operationId: "getStockReport",
    tag: "Stock report",
    query: reportQuery,
    example: { path: "/api/stock/report?month=2026-11&rack=7" },
    responses: signedIn({
      200: listOrDownload({
        description:
          "One page of items with their figures, the totals of their groups and of the whole filtered list (spares lines only for a role that may read the spares)",
        schema: stockReport,
        example: sampleReport,
      }),
      400: {
        ...answers.invalid,
        description:
          "A parameter cannot be read (every problem by parameter), or ?format= is neither xlsx nor csv",
        example: {
          message: "From '2026-13-01' is not a date (write it YYYY-MM-DD).",
          errors: { from: ["From '2026-13-01' is not a date (write it YYYY-MM-DD)."] },
        },
      },
    }),
  },
];
