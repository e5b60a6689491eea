import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// Imports (issue 18): upload → preview → confirm, and the admin's undo. Pages inside the shell.
// One set of route modules for every list: a department's spares at /import/products/{department}
// (beside its table's /products/{department}), the others at /import/{kind} (rack-items,
// contracts, files: app/imports/kinds/index.server.ts). The spares' static "products" segment
// ranks above {kind}'s parameter, so /import/products/… never reads "products" as a kind.
const steps = (base: string, id: string): RouteConfigEntry[] => [
  route(base, "imports/routes/upload.tsx", { id }),
  route(`${base}/template`, "imports/routes/template.ts", { id: `${id}-template` }),
  route(`${base}/:id`, "imports/routes/preview.tsx", { id: `${id}-preview` }),
  route(`${base}/:id/undo`, "imports/routes/undo.tsx", { id: `${id}-undo` }),
];

export const pages: RouteConfigEntry[] = [
  ...steps("import/products/:department", "import-spares"),
  ...steps("import/:kind", "import"),
];
