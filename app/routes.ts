import type { RouteConfig } from "@remix-run/route-config";
import { pages } from "#app/pages.ts";

// Remix reads the route table here, at build time; app/pages.ts holds it as plain data.
export default pages satisfies RouteConfig;
