import { useLingui } from "@lingui/react";
import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";
import { DATABASE_AWAY_MESSAGE } from "#app/lib/database-away.ts";

/**
 * With JavaScript on, a page's data comes from its `.data` address. While the database is away the
 * server answers that with its plain 503 page (server/app.ts), and a proxy in front answers with its
 * own page when no instance does: not the data Remix reads, so its client throws this error.
 */
const UNREADABLE_ANSWER = "Unable to decode turbo-stream response";

// One readable message per status; a 5xx never shows internals (the details are in the server log).
// A loader's own message (a 4xx's text, written in English) shows in the page's language when the
// catalogue has it.
export function ErrorPage({ error }: { error: unknown }) {
  const { _ } = useLingui();
  const location = useLocation();
  if (error instanceof Error && error.message.startsWith(UNREADABLE_ANSWER)) {
    // A link that loads the whole page again: the server's own answer then shows (the page, or
    // its plain 503 page while the database is still away).
    const again = `${location.pathname}${location.search}`;
    return (
      <div className="page error-page">
        <h1>{_("Not available just now")}</h1>
        <p>{_(DATABASE_AWAY_MESSAGE)}</p>
        <p>
          <a href={again} data-reload="">
            {_("Try again")}
          </a>{" "}
          ·{" "}
          <a href="/home" data-reload="">
            {_("Go to the home page")}
          </a>
        </p>
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const given =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 ? error.data : null;
  const { title, text } = describe(status);
  return (
    <div className="page error-page">
      <h1>{_(title)}</h1>
      <p>{_(given || text)}</p>
      <p>
        <Link to="/home">{_("Go to the home page")}</Link>
      </p>
    </div>
  );
}

function describe(status: number) {
  switch (status) {
    case 400:
      return { title: "Bad request", text: "The request could not be understood." };
    case 403:
      return { title: "Not allowed", text: "You do not have permission to open this page." };
    case 404:
      return { title: "Page not found", text: "There is no page at this address." };
    case 409:
      return {
        title: "Changed by someone else",
        text: "This record was changed by someone else. Reload and try again.",
      };
    case 413:
      return { title: "Too large", text: "The request is too large (the limit is 1 MB)." };
    default:
      return {
        title: "Something went wrong",
        text: "Something went wrong on our side. Please try again; if it keeps happening, tell the administrator.",
      };
  }
}
