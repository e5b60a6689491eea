import type { Locator, Page } from "@playwright/test";
import type { FormatDefinition, InputDef } from "#app/sop/engine/types.ts";
import { formats } from "#app/sop/formats/index.ts";
import { baseURL } from "../../playwright.config.ts";
import { pdfPageSizes } from "../support/pdf.ts";
import { sampleRecord, sampleValue } from "../support/sop-sample.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

/** The date `days` from now, YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// The SOP formats in the browser, JavaScript on and off. The whole life of a record (fill in,
// adding register rows; save; find it in the records; open; edit; print to PDF, page count and
// orientation read from the PDF) is walked for one format of each layout: a checklist (AS11), a
// two-part register (AS09) and a sectioned checklist (AS16). Every format's save, list, open, edit
// and delete through its pages is in tests/integration/sop.test.ts; every format's printed sheet is
// checked here in one test.
//
// The engine's JavaScript-on and -off paths are the same for every layout, so the checklist walks
// in both projects and each register layout in one of them (a walk is 20–45 s).
const LIFE_CYCLE = new Map<string, "both" | "js-on" | "js-off">([
  ["AS11", "both"],
  ["AS09", "js-on"],
  ["AS16", "js-off"],
]);

/** A labelled header/footer field; its label may end with the required marker " *". */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

async function fill(control: Locator, input: InputDef, value: unknown) {
  switch (input.kind) {
    case "choice":
      return control.selectOption(String(value));
    case "tick":
      return value ? control.check() : control.uncheck();
    case "yesno":
      return control.getByLabel(value ? "Yes" : "No", { exact: true }).check();
    default:
      return control.fill(String(value));
  }
}

const cell = (page: Page, input: InputDef, label: string) =>
  input.kind === "yesno"
    ? page.getByRole("radiogroup", { name: label, exact: true })
    : page.getByLabel(label, { exact: true });

/** Fills a format's form from its definition; register rows via the real Add row button. */
async function fillForm(page: Page, definition: FormatDefinition, marker: string) {
  for (const input of definition.header)
    await fill(field(page, input.label), input, sampleValue(input, marker));
  for (const block of definition.body) {
    if (block.type === "checklist") {
      const count = block.sections.reduce((sum, section) => sum + section.items.length, 0);
      for (const index of [0, 1, count - 1]) {
        await fill(
          cell(page, block.status, `${block.status.label}, item ${index + 1}`),
          block.status,
          sampleValue(block.status, marker, index),
        );
        if (block.remarks)
          await page
            .getByLabel(`${block.remarks.label}, item ${index + 1}`, { exact: true })
            .fill(`${marker} remark ${index + 1}`);
      }
    } else if (block.type === "register") {
      const columns = block.parts.flatMap((part) => part.columns);
      const fillRow = async (row: number) => {
        for (const column of columns) {
          // AS15: the material of row 1 has not come back yet.
          if (column.name === "dateOfReturn" && row === 0) continue;
          await fill(
            page.getByLabel(`${column.label}, row ${row + 1}`, { exact: true }),
            column,
            sampleValue(column, `${marker} r${row + 1}`, row),
          );
        }
      };
      await fillRow(0);
      if ("fixed" in block.rows) {
        await expect(
          page.getByLabel(`${columns[0].label}, row ${block.rows.fixed}`, { exact: true }),
        ).toBeVisible();
        continue;
      }
      // Add two rows, remove the third: row 1 keeps what was typed (without JavaScript the server
      // sends the form back one row longer).
      await page.getByRole("button", { name: "Add row" }).click();
      await page.getByRole("button", { name: "Add row" }).click();
      const key = columns.find((column) => column.kind === "text" && column.required) ?? columns[1];
      await expect(page.getByLabel(`${key.label}, row 1`, { exact: true })).toHaveValue(
        String(sampleValue(key, `${marker} r1`, 0)),
      );
      await page.getByRole("button", { name: "Remove row 3" }).click();
      await expect(page.getByLabel(`${key.label}, row 3`, { exact: true })).toHaveCount(0);
      await fillRow(1);
    } else {
      for (const [index, item] of block.items.entries())
        await page.getByLabel(`Count of ${item.label}`, { exact: true }).fill(String(index + 1));
      // 1 + 2 + … + 9
      if (await page.evaluate(() => document.documentElement.dataset.js === "1").catch(() => false)) {
        await expect(page.locator("output")).toHaveText("45");
      }
    }
  }
  for (const input of definition.footer)
    await fill(field(page, input.label), input, sampleValue(input, marker));
}

/** How many checklist items fillForm leaves blank (it answers the first two and the last). */
function blanksLeft(definition: FormatDefinition) {
  return definition.body.reduce((sum, block) => {
    if (block.type !== "checklist" || block.status.kind === "tick") return sum;
    return sum + block.sections.reduce((count, section) => count + section.items.length, 0) - 3;
  }, 0);
}

/** The save is held back with the unanswered items listed and the form as typed; Save anyway saves it. */
async function saveAnyway(page: Page, blanks: number, kept: { control: Locator; value: string }) {
  const warning = page.locator(".form-warning");
  await expect(warning).toContainText(`${blanks} items are not answered`);
  await expect(warning.getByRole("listitem")).toHaveCount(blanks);
  await expect(kept.control).toHaveValue(kept.value);
  await page.getByRole("button", { name: "Save anyway" }).click();
}

/** The first key field's text as saved (a register's first row). */
function keyText(definition: FormatDefinition, marker: string) {
  const path = definition.keyFields[0].path;
  const rowField = /^\w+\[\]\.(\w+)$/.exec(path)?.[1];
  const inputs = [
    ...definition.header,
    ...definition.footer,
    ...definition.body.flatMap((block) =>
      block.type === "register" ? block.parts.flatMap((part) => part.columns) : [],
    ),
  ];
  const input = inputs.find((candidate) => candidate.name === (rowField ?? path));
  return String(sampleValue(input!, rowField ? `${marker} r1` : marker, 0));
}

/** Page count and each page's size (points) read from the PDF's bytes. */
function pdfPages(pdf: Buffer) {
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  return { pages, sizes: pdfPageSizes(pdf) };
}

/** Prints the page to PDF and checks its pages: A4, in the format's orientation (AS11 on ≤ 2 sheets). */
async function expectPrintedOnA4(page: Page, definition: FormatDefinition) {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await test.info().attach(`${definition.code}.pdf`, { body: pdf, contentType: "application/pdf" });
  const { pages, sizes } = pdfPages(pdf);
  expect(pages, definition.code).toBeGreaterThanOrEqual(1);
  expect(sizes.length, definition.code).toBeGreaterThanOrEqual(pages);
  if (definition.code === "AS11") expect(pages).toBeLessThanOrEqual(2);
  for (const { width, height } of sizes) {
    // A4 is 842 × 595 points; wide registers print landscape.
    expect(Math.round(Math.max(width, height)), definition.code).toBe(842);
    if (definition.orientation === "landscape") expect(width, definition.code).toBeGreaterThan(height);
    else expect(height, definition.code).toBeGreaterThan(width);
  }
}

test.describe("SOP formats", () => {
  // One test walks a whole format through its life; the machine is shared, so allow time.
  test.describe.configure({ timeout: 180_000 });

  for (const definition of formats.filter((format) => LIFE_CYCLE.has(format.code))) {
    test(`${definition.code}: fill in, save, find, open, edit and print`, async ({ page, staff, js }) => {
      const project = LIFE_CYCLE.get(definition.code);
      test.skip(project === (js ? "js-off" : "js-on"), `${definition.code} walks in the ${project} project`);
      const marker = uniqueName(definition.code);
      await page.goto(definition.path.toLowerCase());
      await expect(page.getByRole("heading", { name: definition.heading })).toBeVisible();
      await expect(page.getByText(`FORMAT NO. ${definition.formatNo}`)).toBeVisible();
      if (definition.code === "AS10") await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);

      await fillForm(page, definition, marker);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      // A checklist with items left blank warns first; saved anyway, the record marks them.
      const blanks = blanksLeft(definition);
      if (blanks) {
        const first = definition.header[0] ?? definition.footer[0];
        const kept = { control: field(page, first.label), value: String(sampleValue(first, marker)) };
        await saveAnyway(page, blanks, kept);
      }
      await expect(page.getByText("Form saved successfully!")).toBeVisible();
      await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}$/);
      const key = keyText(definition, marker);
      await expect(page.locator(".sop-sheet")).toContainText(key);
      if (blanks) {
        await expect(page.locator(".sop-sheet")).toContainText(`${blanks} items left unanswered`);
        await expect(page.locator(".sop-sheet").getByText("Not answered", { exact: true })).toHaveCount(
          blanks,
        );
      } else await expect(page.getByText("left unanswered")).toHaveCount(0);

      // Find it in the records and open it.
      await page.goto(`${definition.path}/records`);
      await page.getByLabel(`Search ${definition.code} records`, { exact: true }).fill(marker);
      await page.getByRole("button", { name: "Apply" }).click();
      const row = page.getByRole("row").filter({ hasText: key }).filter({ hasText: staff.email });
      await expect(row).toContainText(staff.email);
      await row.getByRole("link", { name: "Open", exact: true }).click();
      await expect(page.locator(".sop-sheet")).toContainText(key);

      // Edit: change the first key field.
      await page.getByRole("link", { name: "Edit", exact: true }).click();
      const [path] = [definition.keyFields[0].path];
      const rowField = /^\w+\[\]\.(\w+)$/.exec(path)?.[1];
      const inputs = [
        ...definition.header,
        ...definition.footer,
        ...definition.body.flatMap((block) =>
          block.type === "register" ? block.parts.flatMap((part) => part.columns) : [],
        ),
      ];
      const keyInput = inputs.find((input) => input.name === (rowField ?? path))!;
      const keyControl = rowField
        ? page.getByLabel(`${keyInput.label}, row 1`, { exact: true })
        : field(page, keyInput.label);
      await expect(keyControl).toHaveValue(key);
      await keyControl.fill(`${marker} edited`);
      await page.getByRole("button", { name: "Save changes" }).click();
      if (blanks) await saveAnyway(page, blanks, { control: keyControl, value: `${marker} edited` });
      await expect(page.getByText("Record updated successfully!")).toBeVisible();
      await expect(page.locator(".sop-sheet")).toContainText(`${marker} edited`);

      // Print: with JavaScript the Print button prints this page; without, it opens the print view.
      if (!js) {
        await page.getByRole("link", { name: "Print" }).click();
        await expect(page).toHaveURL(/\/print$/);
        await page.waitForLoadState("load");
        await expect(page.getByText("Print this page with your browser's Print command")).toBeVisible();
        // The paper marks the blanks too.
        if (blanks) await expect(page.locator(".sop-sheet")).toContainText(`${blanks} items left unanswered`);
      }
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await expect(page.getByRole("link", { name: /Edit|Print/ })).toHaveCount(0);
      await expectPrintedOnA4(page, definition);
    });
  }

  test("every format's saved record prints on A4 in the paper's orientation", async ({ page, login, js }) => {
    test.skip(!js, "the printed sheet is the server's page, the same without JavaScript");
    await login("staff");
    for (const definition of formats) {
      const saved = await page.request.post(`/api/sop/${definition.code}`, {
        headers: { origin: baseURL },
        data: sampleRecord(definition, uniqueName(definition.code)),
      });
      expect(saved.status(), definition.code).toBe(201);
      const { _id } = (await saved.json()) as { _id: string };
      await page.goto(`${definition.path}/records/${_id}/print`);
      await expect(page.locator(".sop-sheet")).toContainText(definition.formatNo);
      await page.emulateMedia({ media: "print" });
      await expectPrintedOnA4(page, definition);
      await page.emulateMedia({ media: "screen" });
    }
  });

  test("AS11 refuses a form without lorry number and transporter and keeps what was typed", async ({
    page,
    login,
  }) => {
    await login("staff");
    await page.goto("/As11");
    await page.getByLabel("Status, item 3").selectOption("No");
    await page.getByLabel("Driver's signature").fill("R. Kumar");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Lorry number is required.")).toBeVisible();
    await expect(page.getByText("Transporter is required.")).toBeVisible();
    await expect(page.getByLabel("Status, item 3")).toHaveValue("No");
    await expect(page.getByLabel("Driver's signature")).toHaveValue("R. Kumar");
    await expect(page).toHaveURL(/\/As11$/);
  });

  test("AS15 records list the material not yet returned, marking what is overdue", async ({
    page,
    login,
  }) => {
    await login("staff");
    const marker = uniqueName("Gate");
    const response = await page.request.post("/api/sop/AS15", {
      headers: { origin: baseURL },
      data: {
        entries: [
          { date: "2025-01-02", gatePassNo: `${marker} late`, expectedDateOfReturn: "2025-01-10" },
          {
            date: "2025-01-02",
            gatePassNo: `${marker} back`,
            expectedDateOfReturn: "2025-01-10",
            dateOfReturn: "2025-01-09",
          },
          // Due back in 300 days: a record's dates lie within a year ahead.
          { date: "2025-01-02", gatePassNo: `${marker} due`, expectedDateOfReturn: inDays(300) },
        ],
      },
    });
    expect(response.status()).toBe(201);
    // All of them: the page shows the 20 longest outstanding by default, and "due" is the latest due.
    await page.goto("/as15/records?returns=all");
    const outstanding = page.getByRole("region", { name: "Returnable material not yet returned" });
    await expect(outstanding.getByRole("row").filter({ hasText: `${marker} late` })).toContainText("Overdue");
    await expect(outstanding.getByRole("row").filter({ hasText: `${marker} due` })).not.toContainText(
      "Overdue",
    );
    await expect(outstanding.getByText(`${marker} back`)).toHaveCount(0);
  });

  test("/adminandsecurity links to AS11 and to every format's form and records", async ({ page, login }) => {
    await login("staff");
    await page.goto("/adminandsecurity");
    for (const definition of formats) {
      await expect(page.getByRole("link", { name: `Fill in ${definition.code}` })).toHaveAttribute(
        "href",
        definition.path,
      );
      await expect(page.getByRole("link", { name: `${definition.code} records` })).toHaveAttribute(
        "href",
        `${definition.path}/records`,
      );
    }
    await page.getByRole("link", { name: "AS11", exact: true }).click();
    await expect(page).toHaveURL(/\/AS11$/);
    await expect(page.getByRole("heading", { name: "CHECK LIST FOR PACKED LORRIES" })).toBeVisible();
    const missing = await page.goto("/as99");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("deleting a record asks first, then removes it", async ({ page, login }) => {
    await login("staff");
    const marker = uniqueName("Lorry");
    const response = await page.request.post("/api/checklist", {
      headers: { origin: baseURL },
      data: { date: "2025-02-03", lorryNo: marker, transporter: "Delete Test" },
    });
    const { _id } = (await response.json()) as { _id: string };
    await page.goto(`/AS11/records/${_id}`);
    await page.getByRole("link", { name: "Delete this record" }).click();
    await expect(page.getByText("Are you sure you want to permanently delete this record?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Record deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/AS11\/records$/);
    expect((await page.goto(`/AS11/records/${_id}`))?.status()).toBe(404);
  });

  test("the records list shows typed markup as text, marks the search, and deletes from its row", async ({
    page,
    staff,
  }) => {
    const marker = uniqueName("Lorry");
    const lorryNo = `<b>${marker}</b>`;
    const response = await page.request.post("/api/checklist", {
      headers: { origin: baseURL },
      data: { date: "2025-02-04", lorryNo, transporter: "List Delete" },
    });
    expect(response.status()).toBe(201);
    const { _id } = (await response.json()) as { _id: string };
    await page.goto(`/AS11/records?q=${encodeURIComponent(marker)}`);
    const row = page.getByRole("row").filter({ hasText: lorryNo });
    await expect(row).toContainText(staff.email);
    await expect(row.locator("b")).toHaveCount(0);
    await expect(row.locator("td mark")).toHaveText([marker]);
    await row.getByRole("link", { name: `Delete record of 04/02/2025 ${lorryNo}` }).click();
    // With JavaScript the list's dialog asks; without, the confirmation page.
    await expect(page.getByText("Are you sure you want to permanently delete this record?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Record deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/AS11\/records$/);
    expect((await page.goto(`/AS11/records/${_id}`))?.status()).toBe(404);
  });

  test("a records list is searched, date-filtered, sorted and printed on the server", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    const marker = uniqueName("Listflow").replace(" ", "-");
    for (const [date, lorry] of [
      ["2025-03-01", "first"],
      ["2025-03-05", "second"],
      ["2025-03-09", "third"],
    ]) {
      const response = await page.request.post("/api/checklist", {
        headers: { origin: baseURL },
        data: { date, lorryNo: `${marker} ${lorry}`, transporter: "List flow" },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto("/AS11/records");
    const toolbar = page.getByRole("search", { name: "Search and filter AS11 records" });
    const apply = async () => {
      if (!js) await toolbar.getByRole("button", { name: "Apply" }).click();
    };
    await toolbar.getByLabel("Search AS11 records").fill(marker);
    await apply();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
    await expect(page.getByText(`3 records match '${marker}'`)).toBeVisible();
    const rows = page.locator("table[aria-label='AS11 records'] tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("09/03/2025");
    await expect(page.getByText("Rows 1–3 of 3")).toBeVisible();

    // Oldest first by the Date header link.
    await page.getByRole("link", { name: "Date", exact: true }).click();
    await expect(rows.first()).toContainText("01/03/2025");

    await toolbar.getByLabel("From").fill("2025-03-04");
    await toolbar.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]from=2025-03-04/);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("05/03/2025");

    await page.getByRole("link", { name: "Print AS11 records" }).click();
    await expect(page).toHaveURL(/\/AS11\/records\/print\?/);
    await expect(page.getByText(`Showing: Search: '${marker}' · From: 04/03/2025`)).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await expect(page.locator("tbody tr").first()).toContainText("05/03/2025");
    await expect(page.locator("script[src]")).toHaveCount(0);
  });

  test("a format's pages load only its own definition, not the other formats'", async ({ page, login }) => {
    await login("staff");
    // The definitions come with the page's data; none is in the JavaScript (the JavaScript-per-page budget of docs/performance.md).
    // The record's print view sends no JavaScript at all (prints.spec.ts).
    const as17 = formats.find((definition) => definition.code === "AS17")!;
    const response = await page.request.post("/api/sop/AS17", {
      headers: { origin: baseURL },
      data: sampleRecord(as17, uniqueName("Patrol")),
    });
    expect(response.status()).toBe(201);
    const { _id } = (await response.json()) as { _id: string };
    const record = `/as17/records/${_id}`;
    for (const path of ["/as17", "/adminandsecurity", "/as17/records", record, `${record}/edit`]) {
      const html = await (await page.request.get(path)).text();
      const scripts = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([src]) => src))];
      expect(scripts.length).toBeGreaterThan(0);
      const code = await Promise.all(scripts.map(async (src) => (await page.request.get(src)).text()));
      for (const definition of formats) expect(code.join("\n"), path).not.toContain(definition.heading);
    }
    await page.goto("/as17");
    await expect(page.getByRole("heading", { name: "SECURITY GUARD PATROLLING RECORD" })).toBeVisible();
  });
});
