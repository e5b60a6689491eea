import { renderToStaticMarkup } from "react-dom/server";
import { foundationEndpoints as endpoints, OPENAPI_PATH } from "#app/api/endpoints.ts";
import { openApiDocument } from "#app/api/openapi.server.ts";
import referenceCss from "#app/api/reference.css?url";
import { ApiReference } from "#app/api/reference.tsx";
import { requireApiUser } from "#app/auth/session.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import appCss from "#app/styles/app.css?url";

// GET /api/docs: the API's reference page (issue 20). A resource route, so it answers as the rest
// of /api does (401/403 JSON with the same sign-in rules as GET /api) and sends static HTML: no
// JavaScript at all, only the app's own style sheets and the font app.css declares (its CSP allows
// nothing else; Chromium may fetch that font's files for a page whose other pages used them).

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

let page: string | undefined;

function referencePage() {
  page ??= `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>PlantOps API reference</title>
        <link rel="stylesheet" href={appCss} />
        <link rel="stylesheet" href={referenceCss} />
      </head>
      <body>
        <ApiReference document={openApiDocument()} openapiHref={OPENAPI_PATH} />
      </body>
    </html>,
  )}`;
  return page;
}

export const { loader, action } = apiRoute(endpoints, (request) => requireApiUser(request), {
  getApiReference: async () => {
    return new Response(referencePage(), {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": CSP,
        "referrer-policy": "strict-origin-when-cross-origin",
        "x-frame-options": "DENY",
      },
    });
  },
});
