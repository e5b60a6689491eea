import { Link } from "@remix-run/react";
import type { PlantSettings } from "#app/settings/schema.ts";

export function Banner({ plantName, webAddress }: { plantName: string; webAddress: string }) {
  const text = webAddress ? `${plantName} · ${webAddress}` : plantName;
  return (
    <div className="banner" role="marquee" aria-label={text}>
      <div className="banner-track" aria-hidden="true">
        <span>{text}</span>
        <span>{text}</span>
      </div>
    </div>
  );
}

export function Footer({ settings, year }: { settings: PlantSettings; year: number }) {
  return (
    <footer className="footer">
      <div className="footer-grid">
        <section>
          <h2>Quick links</h2>
          <ul>
            <li>
              <Link to="/home">Home</Link>
            </li>
            <li>
              <Link to="/products">Spares</Link>
            </li>
            <li>
              <Link to="/amc">AMC</Link>
            </li>
            <li>
              <Link to="/about">Store Racks</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Useful links</h2>
          <ul>
            <li>
              <Link to="/rackadmin">File index</Link>
            </li>
            <li>
              <Link to="/adminandsecurity">SOP formats</Link>
            </li>
            <li>
              <Link to="/alerts">AMC alerts</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Contact</h2>
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
                Phone: {settings.contactPhone}
              </>
            ) : null}
            {settings.contactEmail ? (
              <>
                <br />
                E-mail: <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
              </>
            ) : null}
          </address>
        </section>
        <section>
          <h2>Follow us</h2>
          <ul className="social" aria-label="Social media">
            <li>
              <span className="social-icon" role="img" aria-label="Facebook">
                f
              </span>
            </li>
            <li>
              <span className="social-icon" role="img" aria-label="X">
                𝕏
              </span>
            </li>
            <li>
              <span className="social-icon" role="img" aria-label="LinkedIn">
                in
              </span>
            </li>
            <li>
              <span className="social-icon" role="img" aria-label="YouTube">
                ▶
              </span>
            </li>
          </ul>
        </section>
      </div>
      <p className="copyright">
        © {year} {settings.companyName}. All rights reserved.
      </p>
    </footer>
  );
}
