import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { type Area, can } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";

// The sections of the home page. Plain server-rendered markup: no effects, no client state.
// Every picture is a small inline SVG marked aria-hidden; the visible text carries the meaning.

const quickActions: { label: string; to: string; hint: string; area: Area }[] = [
  { label: "Spares", to: "/products", hint: "Spares by department", area: "spares" },
  { label: "AMC", to: "/amc", hint: "Maintenance contracts", area: "contracts" },
  { label: "Store Racks", to: "/about", hint: "What sits on which rack", area: "racks" },
  { label: "SOP formats", to: "/adminandsecurity", hint: "Security checklists", area: "sop" },
];

export function Hero({ plantName, role }: { plantName: string; role: Role | undefined }) {
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <p className="home-eyebrow">PlantOps</p>
      <h1 id="home-title">Welcome to {plantName}</h1>
      <p className="home-lede">
        PlantOps keeps the plant's everyday records in one place: spares for each department, store racks, AMC
        contracts, the file index and SOP checklists.
      </p>
      <nav aria-label="Quick actions">
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
                  {action.label}
                </Link>
                <span className="home-hint" id={`home-hint-${action.to.slice(1)}`}>
                  {action.hint}
                </span>
              </li>
            ))}
        </ul>
      </nav>
    </section>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="home-icon"
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const features = [
  {
    title: "Household reach",
    text: "LPG cylinders reach millions of homes for clean, dependable cooking. Every cylinder we fill is checked and sealed before it leaves the plant.",
    icon: <path d="M3 11 12 4l9 7M5 9.5V20h5v-6h4v6h5V9.5" />,
  },
  {
    title: "Commercial use",
    text: "Hotels, restaurants and industry count on a steady supply of commercial cylinders for kitchens, furnaces and process heat.",
    icon: (
      <>
        <path d="M4 21V5l8-3v19M12 9h8v12M2 21h20" />
        <path d="M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2" />
      </>
    ),
  },
  {
    title: "Bulk solutions",
    text: "For large users we supply bulk LPG by tank lorry, straight into their own storage tanks, safely and on schedule.",
    icon: (
      <>
        <rect x="2" y="7" width="13" height="8" rx="4" />
        <path d="M15 10h4l3 3v3h-7z" />
        <circle cx="6" cy="18" r="2" />
        <circle cx="18" cy="18" r="2" />
      </>
    ),
  },
];

export function FeatureCards() {
  return (
    <section className="home-section" aria-labelledby="home-why">
      <h2 id="home-why">Why LPG</h2>
      <ul className="home-cards">
        {features.map((feature) => (
          <li key={feature.title} className="home-card">
            <Icon>{feature.icon}</Icon>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A gas cylinder: a body with a rounded top and a small valve. */
function Cylinder({ x, y, accent = false }: { x: number; y: number; accent?: boolean }) {
  return (
    <g className={accent ? "home-fa" : "home-fb"}>
      <rect x={x} y={y} width="10" height="18" rx="4" />
      <rect x={x + 3} y={y - 3} width="4" height="4" rx="1" />
    </g>
  );
}

const facilities: { caption: string; art: ReactNode }[] = [
  {
    caption: "Bottling carousel",
    art: (
      <>
        <ellipse className="home-fm" cx="60" cy="56" rx="50" ry="12" />
        <circle className="home-fd" cx="60" cy="48" r="6" />
        <Cylinder x={18} y={34} />
        <Cylinder x={38} y={28} accent />
        <Cylinder x={72} y={28} />
        <Cylinder x={92} y={34} accent />
      </>
    ),
  },
  {
    caption: "Storage bullets",
    art: (
      <>
        <rect className="home-fm" x="8" y="60" width="104" height="4" />
        <rect className="home-fb" x="12" y="20" width="96" height="16" rx="8" />
        <rect className="home-fb" x="12" y="40" width="96" height="16" rx="8" />
        <path className="home-sd" d="M30 56v4M90 56v4M30 36v4M90 36v4" />
      </>
    ),
  },
  {
    caption: "Tank lorry gantry",
    art: (
      <>
        <path className="home-sd" d="M10 64V10h100v54M10 16h100" />
        <rect className="home-fa" x="56" y="16" width="4" height="16" />
        <rect className="home-fb" x="16" y="34" width="66" height="18" rx="9" />
        <path className="home-fd" d="M84 36h14l8 8v10H84z" />
        <circle className="home-fd" cx="30" cy="58" r="5" />
        <circle className="home-fd" cx="94" cy="58" r="5" />
      </>
    ),
  },
  {
    caption: "Cylinder yard",
    art: (
      <>
        <rect className="home-fm" x="4" y="58" width="112" height="6" />
        {[10, 26, 42, 58, 74, 90].map((x, i) => (
          <Cylinder key={x} x={x} y={38} accent={i % 3 === 1} />
        ))}
        {[18, 34, 50, 66, 82].map((x) => (
          <Cylinder key={x} x={x} y={16} />
        ))}
      </>
    ),
  },
  {
    caption: "Fire water pump house",
    art: (
      <>
        <path className="home-fd" d="M10 30 40 12l30 18z" />
        <rect className="home-fm" x="14" y="30" width="52" height="34" />
        <rect className="home-fd" x="34" y="44" width="12" height="20" />
        <path className="home-sr" d="M66 50h30v-22" />
        <rect className="home-fr" x="90" y="18" width="12" height="12" rx="3" />
        <rect className="home-fr" x="92" y="50" width="8" height="14" rx="2" />
      </>
    ),
  },
  {
    caption: "Control room",
    art: (
      <>
        <rect className="home-fd" x="12" y="10" width="96" height="40" rx="4" />
        <rect className="home-fb" x="18" y="16" width="26" height="16" />
        <rect className="home-fok" x="47" y="16" width="26" height="16" />
        <rect className="home-fa" x="76" y="16" width="26" height="16" />
        <rect className="home-fm" x="24" y="54" width="72" height="10" rx="2" />
      </>
    ),
  },
];

export function FacilityGallery() {
  return (
    <section className="home-section" aria-labelledby="home-facilities">
      <h2 id="home-facilities">Our facilities</h2>
      <ul className="home-gallery">
        {facilities.map((facility) => (
          <li key={facility.caption}>
            <figure className="home-figure">
              <svg viewBox="0 0 120 70" className="home-art" aria-hidden="true" focusable="false">
                {facility.art}
              </svg>
              <figcaption>{facility.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

const stats = [
  { value: "50+", label: "Bottling plants" },
  { value: "8 crore+", label: "Customers" },
  { value: "100%", label: "Safety compliance" },
];

export function Stats() {
  return (
    <section className="home-section" aria-labelledby="home-numbers">
      <h2 id="home-numbers">In numbers</h2>
      <dl className="home-stats">
        {stats.map((stat) => (
          <div key={stat.label} className="home-stat">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
