import { expect } from "vitest";
import { action as previewAction } from "#app/imports/routes/preview.tsx";
import { action as uploadAction } from "#app/imports/routes/upload.tsx";
import { sparesKind } from "#app/spares/import.server.ts";
import type { Department } from "#app/spares/rules.ts";
import { buildRequest, ORIGIN, run } from "#tests/support/requests.ts";

// A spares import through its pages' actions, as a person's browser sends it: the department's
// template header and the given CSV lines uploaded (the preview made), then confirmed.

export type SparesPreview = { department: Department; location: string; id: string; cookie: string };

/** Uploads `lines` (CSV, in the template's columns) to the department's import: its preview. */
export async function previewSpares(
  department: Department,
  lines: readonly string[],
  cookie: string,
  fileName = "spares.csv",
): Promise<SparesPreview> {
  const header = sparesKind(department).template.map((column) => column.header);
  const form = new FormData();
  form.set("file", new File([`${header.join(",")}\r\n${lines.join("\r\n")}\r\n`], fileName));
  const request = new Request(new URL(`/import/products/${department}`, ORIGIN), {
    method: "POST",
    body: form,
    headers: { cookie, origin: ORIGIN },
  });
  const answer = await run(uploadAction, request, { department });
  expect(answer.status).toBe(302);
  const location = answer.headers.get("location") ?? "";
  return { department, location, id: location.split("/").at(-1) ?? "", cookie };
}

/** Confirms a preview from its page (the answer: 302 when written, 200 with a message when not). */
export const confirmSpares = ({ department, location, id, cookie }: SparesPreview) =>
  run(previewAction, buildRequest(location, { form: {}, cookie }), { department, id });
