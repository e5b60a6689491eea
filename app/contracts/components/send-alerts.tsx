import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { whatsAppReason } from "#app/contracts/components/whatsapp-send.tsx";
import { type AlertMessage, NO_RECIPIENTS_MESSAGE } from "#app/contracts/rules.ts";

export const NO_EXPIRED_MESSAGE = "No contract has expired: there are no alerts to send.";

/**
 * 'Send alerts' (README difference 6): the message of each expired contract to each recipient set by
 * an admin. With JavaScript one click opens a WhatsApp tab per message (browsers only allow tabs
 * opened by a click); the links stay listed below in case the browser blocked some. Without
 * JavaScript it is a disclosure that lists the same links, one per message.
 */
export function SendAlerts({
  alerts,
  recipients,
  expired,
}: {
  alerts: AlertMessage[];
  recipients: number;
  expired: number;
}) {
  const { _ } = useLingui();
  const [hydrated, setHydrated] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);

  const notice = recipients === 0 ? NO_RECIPIENTS_MESSAGE : expired === 0 ? NO_EXPIRED_MESSAGE : null;

  if (!hydrated) {
    return (
      <details className="send-alerts no-js-only">
        <summary className="button">{_("Send alerts")}</summary>
        {notice ? <p role="status">{_(notice)}</p> : <AlertLinks alerts={alerts} />}
      </details>
    );
  }

  function send() {
    if (notice) {
      setOutcome(_(notice));
      return;
    }
    let opened = 0;
    for (const alert of alerts) {
      if (!alert.link.href) continue;
      const tab = window.open(alert.link.href, "_blank");
      if (tab) {
        tab.opener = null;
        opened += 1;
      }
    }
    const sendable = alerts.filter((alert) => alert.link.href).length;
    setOutcome(
      opened === sendable
        ? _("{opened, plural, one {Opened # WhatsApp message.} other {Opened # WhatsApp messages.}}", {
            opened,
          })
        : _(
            "Opened {opened} of {sendable} WhatsApp messages: the browser blocked the rest. Open them from the list below.",
            { opened, sendable },
          ),
    );
  }

  return (
    <div className="send-alerts">
      <button type="button" className="button" onClick={send}>
        {_("Send alerts")}
      </button>
      {outcome ? (
        <>
          <p role="status">{outcome}</p>
          {notice ? null : <AlertLinks alerts={alerts} />}
        </>
      ) : null}
    </div>
  );
}

// The message itself stays English: it goes to the contractor (as the bell's does), and is marked so.
function AlertLinks({ alerts }: { alerts: AlertMessage[] }) {
  const { _ } = useLingui();
  return (
    <ul className="alert-links" aria-label={_("Alert messages")}>
      {alerts.map((alert) => (
        <li key={alert.key}>
          {alert.link.href ? (
            <a href={alert.link.href} target="_blank" rel="noopener noreferrer">
              {_("To {recipient}:", { recipient: alert.recipient })} <span translate="no">{alert.text}</span>
            </a>
          ) : (
            <span>
              {_("To {recipient}:", { recipient: alert.recipient })} <span translate="no">{alert.text}</span>{" "}
              ({whatsAppReason(_, alert.link.reason ?? "")})
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
