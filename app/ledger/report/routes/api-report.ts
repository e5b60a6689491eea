import { can } from "#app/auth/permissions.ts";
import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { stockReportExport } from "#app/ledger/export.server.ts";
import { groupDepartment, groupLabel } from "#app/ledger/report/labels.ts";
import { reportPage } from "#app/ledger/report/queries.server.ts";
import { endpoints } from "#app/ledger/report/routes.ts";
import { readReportView } from "#app/ledger/report/view.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { apiExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("racks"), {
  // GET /api/stock/report?from=&to=|month=&items=&rack=&department=&q=&page=&size= (issue 17): the
  // stock report page's figures as JSON, one page of items with the totals of their groups and of
  // the whole filtered list. A value that cannot be read is a 400 naming it (the page, by contrast,
  // shows the default and says why).
  getStockReport: async ({ request }, user) => {
    const today = plantToday();
    const search = new URL(request.url).searchParams;
    const { params, filters, problems } = readReportView(search, today);
    if (problems.length) {
      const errors: Record<string, string[]> = {};
      for (const problem of problems)
        errors[problem.field] = [...(errors[problem.field] ?? []), problem.message];
      return jsonAnswer({ message: problems[0].message, errors }, 400);
    }
    // ?format=xlsx|csv (issue 18): the whole filtered report as a download, as the page's links give it.
    const format = apiExportFormat(request);
    if (format)
      return sendExport(request, stockReportExport(search, today, can(user.role, "spares", "read")), format);
    const report = await reportPage(db, params, filters, can(user.role, "spares", "read"));
    return jsonAnswer({
      from: filters.from,
      to: filters.to,
      filters: {
        items: filters.items || null,
        rack: filters.rack,
        department: filters.department || null,
        q: params.q,
      },
      page: report.page,
      size: params.size,
      total: report.total,
      items: report.rows.map(({ group: _group, ...row }) => row),
      groups: report.groups.map(({ group, ...totals }) => ({
        label: groupLabel(group),
        rack: groupDepartment(group) ? null : group,
        department: groupDepartment(group),
        ...totals,
      })),
      totals: report.totals,
    });
  },
});
