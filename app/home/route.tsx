import { useLingui } from "@lingui/react";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Hero, TodayCards, todayLinks } from "#app/home/components.tsx";
import { todayLoader } from "#app/home/today.server.ts";
import type { ShellData } from "#app/shell/routes/layout.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// The signed-in home page: Today (issue 19), what needs doing for the user's role, under a short
// welcome with the quick actions. Every signed-in role may open it; each card checks its own area.
export const meta = pageTitle("Home");

export const links = todayLinks;
export const loader = todayLoader;

export default function HomePage() {
  const { _ } = useLingui();
  const { today } = useLoaderData<typeof loader>();
  const shell = useRouteLoaderData<ShellData>("shell");
  // The shell's loader always sends the settings (their defaults when none are saved). Not
  // importing the settings' schema keeps its validation library out of this page's JavaScript.
  const plantName = shell?.settings.plantName ?? "";
  return (
    <div className="home">
      <Hero plantName={plantName} role={shell?.user.role} />
      <section className="home-section" aria-labelledby="today-title">
        <div className="today-head">
          <h2 id="today-title">{today ? _("Today, {day}", { day: today.day }) : _("Today")}</h2>
          <p>
            {today ? `${_("As of {at}.", { at: today.at })} ` : ""}
            <a href="/home/print">{_("Print the daily report")}</a>
          </p>
        </div>
        <TodayCards data={today} />
      </section>
    </div>
  );
}
