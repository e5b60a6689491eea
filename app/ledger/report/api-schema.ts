import * as z from "zod/mini";
import type { ReportRow } from "#app/ledger/report/queries.server.ts";
import { REPORT_ITEMS, type ReportFigures } from "#app/ledger/report/view.ts";
import { sameShape } from "#app/lib/endpoint.ts";
import { DEPARTMENTS } from "#app/spares/rules.ts";

// GET /api/stock/report's address and answer (issue 17), for the OpenAPI document. The address is
// read by the page's own reader (view.ts readReportView); its parameters are named here.

const described = (description: string) => z.optional(z.string().check(z.describe(description)));

export const reportQuery = z.object({
  format: z.optional(
    z.enum(["xlsx", "csv"]).check(z.describe("Download the whole filtered report (every page) instead")),
  ),
  from: described("First day (YYYY-MM-DD)"),
  to: described("Last day (YYYY-MM-DD)"),
  month: described("A month (YYYY-MM) instead of from/to; default: the plant's current month"),
  items: z.optional(z.enum(REPORT_ITEMS).check(z.describe("Only rack items, or only spares lines"))),
  rack: described("One store rack, 1–24"),
  department: z.optional(z.enum(DEPARTMENTS).check(z.describe("One department's racks and spares lines"))),
  q: described("Search the items' place and name"),
  page: described("Page number, from 1"),
  size: described("Items a page: 25, 50, 100 or 200 (default 50)"),
});

const figures = {
  opening: z.number(),
  receipts: z.number(),
  issues: z.number(),
  counts: z.number(),
  closing: z.number(),
};
sameShape<z.output<z.ZodMiniObject<typeof figures>>, ReportFigures>();

const department = z.nullable(z.enum(DEPARTMENTS));

const reportItem = z.strictObject({
  ...figures,
  type: z.enum(["rack", "spare"]),
  id: z.string(),
  rackNumber: z.nullable(z.number()),
  department,
  place: z.string(),
  name: z.string(),
  srno: z.nullable(z.number()),
});
sameShape<z.output<typeof reportItem>, Omit<ReportRow, "group">>();

export const stockReport = z.strictObject({
  from: z.string(),
  to: z.string(),
  filters: z.strictObject({
    items: z.nullable(z.enum(REPORT_ITEMS)),
    rack: z.nullable(z.number()),
    department,
    q: z.string(),
  }),
  page: z.number(),
  size: z.number(),
  total: z.number(),
  items: z.array(reportItem),
  groups: z.array(
    z.strictObject({
      label: z.string(),
      rack: z.nullable(z.number()),
      department,
      ...figures,
      items: z.number(),
    }),
  ),
  totals: z.strictObject({ ...figures, items: z.number() }),
});

const sampleFigures = { opening: 15, receipts: 10, issues: 5, counts: 0, closing: 20 };

export const sampleReport: z.output<typeof stockReport> = {
  from: "2026-11-01",
  to: "2026-11-30",
  filters: { items: null, rack: 7, department: null, q: "" },
  page: 1,
  size: 50,
  total: 1,
  items: [
    {
      ...sampleFigures,
      type: "rack",
      id: "9b2f4c1e-0a7d-4e3b-8f6a-1c2d3e4f5a6b",
      rackNumber: 7,
      department: null,
      place: "Shelf B",
      name: "Valve spindle",
      srno: null,
    },
  ],
  groups: [{ label: "RACK 7 - Electrician", rack: 7, department: null, ...sampleFigures, items: 1 }],
  totals: { ...sampleFigures, items: 1 },
};
