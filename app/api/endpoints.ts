// The endpoint list served at GET /api. Each feature lists its own endpoints in its
// endpoints.ts; this file only composes them.
import { contractEndpoints } from "#app/contracts/endpoints.ts";
import { fileIndexEndpoints } from "#app/file-index/endpoints.ts";
import { inventoryEndpoints } from "#app/inventory/endpoints.ts";
import { sopEndpoints } from "#app/sop/endpoints.ts";
import { storeRackEndpoints } from "#app/store-racks/endpoints.ts";

export type Endpoint = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; description: string };

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
  ...inventoryEndpoints,
  ...storeRackEndpoints,
  ...contractEndpoints,
  ...fileIndexEndpoints,
  ...sopEndpoints,
];
