// The endpoint list served at GET /api. Each feature lists its own endpoints beside its routes
// (its routes.ts); this file only composes them, like app/routes.ts composes the routes.
import * as contracts from "#app/contracts/routes.ts";
import * as fileIndex from "#app/file-index/routes.ts";
import * as inventory from "#app/inventory/routes.ts";
import * as stockReport from "#app/ledger/report/routes.ts";
import * as ledger from "#app/ledger/routes.ts";
import type { Endpoint } from "#app/lib/endpoint.ts";
import * as sop from "#app/sop/routes.ts";
import * as storeRacks from "#app/store-racks/routes.ts";

export const foundationEndpoints: Endpoint[] = [
  { method: "GET", path: "/api", description: "This list of endpoints" },
  {
    method: "GET",
    path: "/api/health",
    description: "Health of the app and its database (no sign-in needed)",
  },
  {
    method: "POST",
    path: "/api/auth/login",
    description: "Sign in with {email, password}; returns a Bearer token",
  },
  {
    method: "POST",
    path: "/api/auth/register",
    description: "Register with {email, password, securityCode}",
  },
  { method: "POST", path: "/api/auth/logout", description: "Revoke the session of the token or cookie" },
];

export const allEndpoints: Endpoint[] = [
  ...foundationEndpoints,
  ...inventory.endpoints,
  ...storeRacks.endpoints,
  ...ledger.endpoints,
  ...stockReport.endpoints,
  ...contracts.endpoints,
  ...fileIndex.endpoints,
  ...sop.endpoints,
];
