import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// Imports (issue 18): upload → preview → confirm, and the admin's undo. Pages inside the shell.
// One set of route modules for every list: a department's spares at /import/products/{department}
// (beside its table's /products/{department}), the others at /import/{kind} (rack-items,
// contracts, files: app/imports/kinds/index.server.ts). The spares' static "products" segment
// ranks above {kind}'s parameter, so /import/products/… never reads "products" as a kind.
const BASES = [
  { base: "import/products/:department", id: "import-spares" },
  { base: "import/:kind", id: "import" },
];

export const pages: RouteConfigEntry[] = BASES.flatMap(({ base, id }) => [
  route(base, "imports/routes/upload.tsx", { id }),
  route(`${base}/:id`, "imports/routes/preview.tsx", { id: `${id}-preview` }),
  // Undo asks first: a confirmation page, which the upload page's dialog posts to as well.
  route(`${base}/:id/undo`, "imports/routes/undo.tsx", { id: `${id}-undo` }),
]);

// The blank template (a download): a resource route (app/resources.ts), no page of its own.
export const resources: RouteConfigEntry[] = BASES.flatMap(({ base, id }) => [
  route(`${base}/template`, "imports/routes/template.ts", { id: `${id}-template` }),
]);
