import { useLingui } from "@lingui/react";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { TodayCards, todayLinks } from "#app/home/components.tsx";
import { todayLoader } from "#app/home/today.server.ts";
import type { ShellData } from "#app/shell/routes/layout.tsx";
import { PrintSheet, printHandle } from "#app/ui/list/print.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /home/print: Today as a one-page daily report, the same cards as /home (same loader), sent
// without JavaScript like the lists' print views; home.css sets it in two columns on one A4
// portrait sheet.

export const handle = printHandle;
export const meta = pageTitle("Daily report (print)");
export const links = todayLinks;
export const loader = todayLoader;

export default function DailyReportPrint() {
  const { _ } = useLingui();
  const { today } = useLoaderData<typeof loader>();
  const plantName = useRouteLoaderData<ShellData>("shell")?.settings.plantName ?? "";
  return (
    <PrintSheet
      className="today-report"
      titleId="today-report-title"
      orientation="portrait"
      what="report"
      backHref="/home"
      backLabel="Back to Today"
    >
      <h1 id="today-report-title">
        {_("Daily report")}
        {plantName ? `: ${plantName}` : ""}
        {today ? `, ${today.day}` : ""}
      </h1>
      {today ? <p className="today-summary">{_("Printed {at}", { at: today.at })}</p> : null}
      <TodayCards data={today} />
    </PrintSheet>
  );
}
