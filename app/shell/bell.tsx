import { useLingui } from "@lingui/react";
import { Link, useFetcher } from "@remix-run/react";
import { type CSSProperties, lazy, Suspense, useId, useRef } from "react";
import type { AmcAlert } from "#app/contracts/alerts.server.ts";

// The list's code (with the contracts' WhatsApp links) comes with the list, when the bell is
// pressed: most pages never open the dialog, and every page carries the bell.
const loadAlertsList = () => import("#app/shell/alerts-list.lazy.ts");
const AlertsList = lazy(() => loadAlertsList().then((module) => ({ default: module.AlertsList })));

const dialogStyle: CSSProperties = { color: "var(--text)", width: "min(92vw, 520px)" };

/** How many alerts the bell's dialog lists; /alerts lists them all. */
export const BELL_ALERTS = 20;

/**
 * The notification bell on every signed-in page (README difference 5): its badge counts the AMC
 * alerts (expired contracts) from the shell loader. With JavaScript it opens the Notifications
 * dialog; without, it is a link to the /alerts page showing the same list.
 *
 * The dialog's list is fetched from /alerts when the bell is pressed, not sent with every page:
 * sent with every page, the alerts weighed on its HTML, the same again in its hydration data, and
 * React's work to hydrate them, on pages where the dialog is seldom opened (issue 14's terminal
 * budgets; figures: docs/performance.md, "Figures behind choices in the code").
 */
export function Bell({ count }: { count: number }) {
  const { _ } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const list = useFetcher<{ alerts: AmcAlert[] }>({ key: "bell-alerts" });
  const alerts = list.data?.alerts;
  return (
    <>
      <Link
        to="/alerts"
        className="bell"
        aria-label={
          count
            ? _("{count, plural, one {Notifications: # AMC alert} other {Notifications: # AMC alerts}}", {
                count,
              })
            : _("Notifications")
        }
        aria-haspopup="dialog"
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
          // Each opening shows the alerts as they are now (the last list stays while it loads).
          list.load("/alerts");
          void loadAlertsList();
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5-6.7V3.5a2 2 0 1 0-4 0v.8A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {count > 0 ? (
          <span className="badge" data-testid="bell-badge">
            {count}
          </span>
        ) : null}
      </Link>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId} style={dialogStyle}>
        <h2 id={titleId} style={{ marginTop: 0 }}>
          {_("Notifications")}
        </h2>
        {alerts ? (
          <Suspense fallback={<p role="status">{_("Loading the notifications…")}</p>}>
            <AlertsList alerts={alerts.slice(0, BELL_ALERTS)} />
            {alerts.length > BELL_ALERTS ? (
              <p>
                <Link to="/alerts">{_("See all {count} AMC alerts", { count: alerts.length })}</Link>
              </p>
            ) : null}
          </Suspense>
        ) : (
          <p role="status">{_("Loading the notifications…")}</p>
        )}
        <div className="actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {_("Close")}
          </button>
        </div>
      </dialog>
    </>
  );
}
