import { useLingui } from "@lingui/react";
import type { LinksFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { type Area, can } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";
import { Chart } from "#app/charts/chart.tsx";
import chartsCss from "#app/charts/charts.css?url";
import homeCss from "#app/home/home.css?url";
import type { TodayCard, TodayData, TodayGroup, TodayItem } from "#app/home/today.ts";
import { groupDigits } from "#app/lib/numbers.ts";

// The sections of the home page. Plain server-rendered markup: no effects, no client state.
// Today's links are plain anchors (docs/decisions/009): the page hydrates no router links for them.
// The legacy marketing sections (why LPG, the facilities gallery, "50+ plants" figures) went with
// issue 19: the signed-in home page is what needs doing today. The cards come worded in the page's
// language (today.server.ts); the words written here are looked up as they are drawn.

/** The style sheets of /home and of its print (the same cards). */
export const todayLinks: LinksFunction = () => [
  { rel: "stylesheet", href: homeCss },
  { rel: "stylesheet", href: chartsCss },
];

const quickActions: { label: string; to: string; hint: string; area: Area }[] = [
  { label: "Spares", to: "/products", hint: "Spares by department", area: "spares" },
  { label: "AMC", to: "/amc", hint: "Maintenance contracts", area: "contracts" },
  { label: "Store Racks", to: "/about", hint: "What sits on which rack", area: "racks" },
  { label: "SOP formats", to: "/adminandsecurity", hint: "Security checklists", area: "sop" },
];

export function Hero({ plantName, role }: { plantName: string; role: Role | undefined }) {
  const { _ } = useLingui();
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <p className="home-eyebrow">PlantOps</p>
      <h1 id="home-title">{_("Welcome to {plant}", { plant: plantName })}</h1>
      <p className="home-lede">
        {_(
          "PlantOps keeps the plant's everyday records in one place: spares, store racks, AMC contracts, the file index and SOP checklists. Below is what needs doing today.",
        )}
      </p>
      <nav aria-label={_("Quick actions")}>
        <ul className="home-actions">
          {quickActions
            .filter((action) => role && can(role, action.area, "read"))
            .map((action) => (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className="home-action"
                  aria-describedby={`home-hint-${action.to.slice(1)}`}
                >
                  {_(action.label)}
                </Link>
                <span className="home-hint" id={`home-hint-${action.to.slice(1)}`}>
                  {_(action.hint)}
                </span>
              </li>
            ))}
        </ul>
      </nav>
    </section>
  );
}

function Item({ item }: { item: TodayItem }) {
  const translate = item.typed ? "no" : undefined;
  const text = item.href ? (
    <a href={item.href} translate={translate}>
      {item.text}
    </a>
  ) : (
    <span translate={translate}>{item.text}</span>
  );
  return (
    <li className={item.late ? "is-late" : undefined}>
      {text}
      {item.note ? <span className="today-note">: {item.note}</span> : null}
    </li>
  );
}

function Group({ group }: { group: TodayGroup }) {
  const label = (
    <>
      {group.label}:{" "}
      <strong className={group.late ? "today-late" : undefined}>{groupDigits(group.count)}</strong>
    </>
  );
  return (
    <li>
      <span className={group.count === 0 ? "today-group is-zero" : "today-group"}>
        {group.href ? <a href={group.href}>{label}</a> : label}
      </span>
      {group.items.length ? (
        <ul className="today-items">
          {group.items.map((item, index) => (
            <Item key={`${index} ${item.text}`} item={item} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Card({ card }: { card: TodayCard }) {
  const { _ } = useLingui();
  const late = card.id !== "changes" && card.total > 0;
  return (
    <section className="today-card" aria-labelledby={`today-${card.id}`}>
      <h3 id={`today-${card.id}`}>
        <span>{card.title}</span>{" "}
        <span className={late ? "today-total is-late" : "today-total"}>{groupDigits(card.total)}</span>
      </h3>
      <p className="today-summary">{card.summary}</p>
      {card.chart ? (
        <Chart
          id={`today-${card.id}-chart`}
          title={card.chart.title}
          description={card.chart.description}
          geometry={card.chart.geometry}
        />
      ) : null}
      {card.groups.length ? (
        <ul className="today-groups">
          {card.groups.map((group) => (
            <Group key={group.label} group={group} />
          ))}
        </ul>
      ) : (
        <p className="today-summary">{_("Nothing.")}</p>
      )}
    </section>
  );
}

/** Today's cards; null data: the figures could not be read (the page says so, never fails). */
export function TodayCards({ data }: { data: TodayData | null }) {
  const { _ } = useLingui();
  if (!data)
    return (
      <p role="alert">{_("Today's figures could not be read just now. Reload the page to try again.")}</p>
    );
  return (
    <div className="today-cards">
      {data.cards.map((card) => (
        <Card key={card.id} card={card} />
      ))}
    </div>
  );
}
