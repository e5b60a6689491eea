import { useLingui } from "@lingui/react";
import type { CSSProperties } from "react";
import type { AmcAlert } from "#app/contracts/alerts.server.ts";
import { WhatsAppSend } from "#app/contracts/components/whatsapp-send.tsx";
import { expiredContractMessage, whatsAppLink } from "#app/contracts/rules.ts";
import { formatDateGB } from "#app/lib/dates.ts";

// The AMC notifications (the legacy app "Notifications dialog", README difference 5): the list shown in the
// bell's dialog (JavaScript) and on the /alerts page (without it).

export const NO_ALERTS_MESSAGE = "No AMC notifications available.";

// The dialog sits in the dark navigation bar; these keep its text readable without touching the
// shared stylesheet.
const listStyle: CSSProperties = { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "0.6rem" };
const itemStyle: CSSProperties = {
  display: "flex",
  flexWrap: "wrap",
  gap: "0.4rem 1rem",
  alignItems: "center",
  justifyContent: "space-between",
  borderBottom: "1px solid var(--line)",
  paddingBottom: "0.6rem",
};

export function AlertsList({ alerts }: { alerts: AmcAlert[] }) {
  const { _ } = useLingui();
  // The contracts' title of an alert (contractAlertTitle), worded whole in the page's language; the
  // WhatsApp message stays English: it goes to the contractor.
  const alertTitle = ({ reason, date }: AmcAlert) =>
    reason === "validity"
      ? _("AMC validity ended for the equipment on {date}", { date: formatDateGB(date) })
      : _("AMC exceeds for the equipment with Next Due Date: {date}", { date: formatDateGB(date) });
  if (alerts.length === 0) return <p className="muted">{_(NO_ALERTS_MESSAGE)}</p>;
  return (
    <ul style={listStyle} aria-label={_("AMC alerts")}>
      {alerts.map((alert) => (
        <li key={alert.id} style={itemStyle}>
          <div>
            <p style={{ margin: 0 }}>{alertTitle(alert)}</p>
            <p className="muted" style={{ margin: 0, fontSize: "var(--text-note)" }} translate="no">
              {alert.equipment}
            </p>
          </div>
          <WhatsAppSend
            link={whatsAppLink(alert.mobileNumber, expiredContractMessage(alert.equipment, alert))}
            label={_("Send WhatsApp Message")}
            about={_("about {equipment}", { equipment: alert.equipment })}
          />
        </li>
      ))}
    </ul>
  );
}
