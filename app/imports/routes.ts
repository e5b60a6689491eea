import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// Imports (issue 18): upload → preview → confirm, and the admin's undo. Pages inside the shell.
export const pages: RouteConfigEntry[] = [
  route("import/products/:department", "imports/routes/spares-upload.tsx", { id: "import-spares" }),
  route("import/products/:department/template", "imports/routes/spares-template.ts", {
    id: "import-spares-template",
  }),
  route("import/products/:department/:id", "imports/routes/spares-preview.tsx", {
    id: "import-spares-preview",
  }),
  route("import/products/:department/:id/undo", "imports/routes/spares-undo.tsx", {
    id: "import-spares-undo",
  }),
];
