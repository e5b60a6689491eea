import { useLingui } from "@lingui/react";
import type { PlantSettings } from "#app/settings/schema.ts";
import { usePlainLinks } from "#app/ui/plain-links.ts";

/** The footer's social media marks: a name for screen readers, a letter or sign on screen. */
const SOCIAL = [
  { name: "Facebook", mark: "f" },
  { name: "X", mark: "𝕏" },
  { name: "LinkedIn", mark: "in" },
  { name: "YouTube", mark: "▶" },
];

export function Banner({ plantName, webAddress }: { plantName: string; webAddress: string }) {
  const { _ } = useLingui();
  const text = webAddress ? `${plantName} · ${webAddress}` : plantName;
  return (
    <div className="banner">
      {/* Text that moves for more than five seconds needs a way to stop it (WCAG 2.2.2). A checkbox
          works without JavaScript: the stylesheet stops the track while it is checked (so it comes
          before the track), and while the pointer or the keyboard focus is on the banner. */}
      <input type="checkbox" id="banner-stop" className="banner-stop" />
      <label htmlFor="banner-stop" className="banner-stop-label">
        {_("Stop scrolling")}
      </label>
      <div className="banner-window" role="marquee" aria-label={text}>
        <div className="banner-track" aria-hidden="true">
          <span>{text}</span>
          <span>{text}</span>
        </div>
      </div>
    </div>
  );
}

// The footer's two lists of links (AMC is the plant's own word in every language).
const QUICK_LINKS = [
  { href: "/home", label: "Home" },
  { href: "/products", label: "Spares" },
  { href: "/amc", label: "AMC" },
  { href: "/about", label: "Store Racks" },
];
const USEFUL_LINKS = [
  { href: "/rackadmin", label: "File index" },
  { href: "/adminandsecurity", label: "SOP formats" },
  { href: "/alerts", label: "AMC alerts" },
];

function FooterLinks({ links }: { links: { href: string; label: string }[] }) {
  const { _ } = useLingui();
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{_(link.label)}</a>
        </li>
      ))}
    </ul>
  );
}

export function Footer({ settings, year }: { settings: PlantSettings; year: number }) {
  const { _ } = useLingui();
  const plainLinks = usePlainLinks();
  return (
    // The click handler only makes the plain links inside navigate in the app (plain-links.ts).
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links themselves are the controls
    // biome-ignore lint/a11y/noStaticElementInteractions: a delegated handler, not a control
    <footer className="footer" onClick={plainLinks}>
      <div className="footer-grid">
        <section>
          <h2>{_("Quick links")}</h2>
          <FooterLinks links={QUICK_LINKS} />
        </section>
        <section>
          <h2>{_("Useful links")}</h2>
          <FooterLinks links={USEFUL_LINKS} />
        </section>
        <section>
          <h2>{_("Contact")}</h2>
          <address>
            <strong>{settings.companyName}</strong>
            <br />
            {settings.plantName}
            {settings.contactAddress ? (
              <>
                <br />
                {settings.contactAddress}
              </>
            ) : null}
            {settings.contactPhone ? (
              <>
                <br />
                {_("Phone")}: {settings.contactPhone}
              </>
            ) : null}
            {settings.contactEmail ? (
              <>
                <br />
                {_("E-mail")}: <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
              </>
            ) : null}
          </address>
        </section>
        <section>
          <h2>{_("Follow us")}</h2>
          <ul className="social" aria-label={_("Social media")}>
            {SOCIAL.map(({ name, mark }) => (
              <li key={name}>
                <span className="social-icon" role="img" aria-label={name}>
                  {mark}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="copyright">
        {_("© {year} {company}. All rights reserved.", { year, company: settings.companyName })}
      </p>
    </footer>
  );
}
