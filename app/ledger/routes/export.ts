import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { requireStockItemPage } from "#app/ledger/access.server.ts";
import { stockCardExport } from "#app/ledger/export.server.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";

// GET /stock/{type}/{id}/export?format=xlsx|csv&from=&to=: an item's stock card, as its page shows it.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, item } = await requireStockItemPage(request, params);
  const format = requireExportFormat(request);
  const search = new URL(request.url).searchParams;
  const spec = await stockCardExport(db, item, search, plantToday());
  return sendPageExport(request, user, spec, format, ["ledger", "stock"]);
}
