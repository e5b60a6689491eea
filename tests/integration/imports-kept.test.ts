import { and, count, eq, gte } from "drizzle-orm";
import { expect, it } from "vitest";
import { db } from "#app/db/client.server.ts";
import { type PreviewRow, SHOWN_ROWS } from "#app/imports/engine.server.ts";
import { action as previewAction, loader as previewLoader } from "#app/imports/routes/preview.tsx";
import { action as uploadAction } from "#app/imports/routes/upload.tsx";
import { imports } from "#app/imports/table.server.ts";
import { sparesKind } from "#app/spares/import.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { buildRequest, ORIGIN, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// What a preview keeps (the import budget's memory): the cells as read only for the rows its page
// lists; every row's outcome and values, so the confirmation still writes them all.

const staff = await signedInUser();
const at = { department: "Technician" };
const ROWS = SHOWN_ROWS + 200;

it(`a preview of ${ROWS} rows keeps the cells of the ${SHOWN_ROWS} its page lists, and writes all ${ROWS}`, async () => {
  const headers = sparesKind("Technician")
    .template.map((column) => column.header)
    .join(",");
  const lines = Array.from({ length: ROWS }, (_, n) => `${995_000 + n},Kept ${n},Part,1,1,1,,`);
  const form = new FormData();
  form.set("file", new File([`${headers}\r\n${lines.join("\r\n")}\r\n`], "kept.csv"));
  const uploaded = await run(
    uploadAction,
    new Request(new URL("/import/products/Technician", ORIGIN), {
      method: "POST",
      body: form,
      headers: { cookie: staff.cookie, origin: ORIGIN },
    }),
    at,
  );
  expect(uploaded.status).toBe(302);
  const location = uploaded.headers.get("location") ?? "";
  const id = location.split("/").pop() ?? "";

  const [stored] = await db.select({ rows: imports.rows }).from(imports).where(eq(imports.id, id));
  const rows = stored.rows as PreviewRow[];
  expect(rows).toHaveLength(ROWS);
  expect(rows.filter((row) => row.texts).length).toBe(SHOWN_ROWS);
  expect(rows.every((row) => row.outcome === "new" && row.values)).toBe(true);

  const page = (await (
    await run(previewLoader, buildRequest(location, { cookie: staff.cookie }), { ...at, id })
  ).json()) as { rows: { line: string; texts: Record<string, string> }[] };
  expect(page.rows).toHaveLength(SHOWN_ROWS);
  expect(page.rows[0]).toMatchObject({ line: "2", texts: { srno: "995000", Assets: "Kept 0" } });
  expect(page.rows.every((row) => row.texts.Assets?.startsWith("Kept "))).toBe(true);

  const confirmed = await run(previewAction, buildRequest(location, { form: {}, cookie: staff.cookie }), {
    ...at,
    id,
  });
  expect(confirmed.status).toBe(302);
  const [{ n }] = await db
    .select({ n: count() })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.department, "Technician"), gte(inventoryItems.srno, 995_000)));
  expect(n).toBe(ROWS);
});
