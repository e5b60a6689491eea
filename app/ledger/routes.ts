import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// The stock ledger's routes (issue 17); app/routes.ts composes them. `:type` is rack | spare.
// The three movement forms are one module (the last segment says which form).
export const pages: RouteConfigEntry[] = [
  route("stock/:type/:id", "ledger/routes/card.tsx", { id: "stock-card" }),
  route("stock/:type/:id/print", "ledger/routes/card-print.tsx", { id: "stock-card-print" }),
  route("stock/:type/:id/issue", "ledger/routes/movement.tsx", { id: "stock-issue" }),
  route("stock/:type/:id/receive", "ledger/routes/movement.tsx", { id: "stock-receive" }),
  route("stock/:type/:id/count", "ledger/routes/movement.tsx", { id: "stock-count" }),
  route("stock/:type/:id/reverse/:movementId", "ledger/routes/reverse.tsx", { id: "stock-reverse" }),
];

// Paths relative to "api/".
export const api: RouteConfigEntry[] = [
  route("stock/:type/:id/movements", "ledger/routes/api-movements.ts", { id: "stock-api-movements" }),
  route("stock/movements/:movementId/reverse", "ledger/routes/api-reverse.ts", { id: "stock-api-reverse" }),
];

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/stock/{type}/{id}/movements",
    description:
      "Stock card of a rack item (type rack) or spares line (type spare): movements with running balance; ?from=&to=; ?format=xlsx|csv: the card as a download",
  },
  {
    method: "POST",
    path: "/api/stock/{type}/{id}/movements",
    description: "Record a movement {kind: receipt|issue|count, movedOn, quantity, reference, party, remark}",
  },
  {
    method: "POST",
    path: "/api/stock/movements/{movementId}/reverse",
    description: "Reverse a movement {remark}; a movement is reversed at most once",
  },
];
