import type { Page } from "@playwright/test";
import { formats } from "#app/sop/formats/index.ts";
import { baseURL } from "../../playwright.config.ts";
import { pdfPageSizes } from "../support/pdf.ts";
import { sampleRecord } from "../support/sop-sample.ts";
import { axeViolations } from "./axe.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// Every print view on paper: printed to PDF with the page's own @page size, each page must be A4
// in the view's orientation (landscape for the wide lists, portrait for the paper sheets), every
// column of the screen's table must be in the printed HTML, and none may run past the page's
// width. Print views are the server's page without JavaScript, so the paper is checked once (in
// js-on); the SOP sheet's Print button is checked in both projects.

type Orientation = "landscape" | "portrait";

/** The width (CSS px) the content has on an A4 sheet with 12 mm margins, the widest used. */
const PRINTABLE_WIDTH: Record<Orientation, number> = {
  landscape: Math.floor(((297 - 24) / 25.4) * 96),
  portrait: Math.floor(((210 - 24) / 25.4) * 96),
};

/**
 * Prints the page as it stands: every page A4 in the orientation, the headers all there, and no
 * table wider than the sheet (laid out at the sheet's width under print media).
 */
async function expectPrintFits(page: Page, orientation: Orientation, headers: string[]) {
  const name = new URL(page.url()).pathname;
  for (const header of headers)
    await expect(page.getByRole("columnheader", { name: header, exact: true }).first(), name).toBeAttached();
  await page.setViewportSize({ width: PRINTABLE_WIDTH[orientation], height: 900 });
  await page.emulateMedia({ media: "print" });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > width)
      wide.push(`page ${document.documentElement.scrollWidth}`);
    for (const table of document.querySelectorAll("table")) {
      const box = table.getBoundingClientRect();
      if (box.right > width + 0.5 || table.scrollWidth > table.clientWidth)
        wide.push(`table ${table.scrollWidth} (ends at ${Math.round(box.right)})`);
      for (const cell of table.querySelectorAll("th, td"))
        if (cell.scrollWidth > cell.clientWidth + 1 || cell.getBoundingClientRect().right > width + 0.5)
          wide.push(
            `cell "${cell.textContent?.trim().slice(0, 30)}" ${cell.scrollWidth}/${cell.clientWidth}`,
          );
    }
    return { width, wide };
  });
  expect(overflow.wide, `${name} at ${overflow.width} px`).toEqual([]);
  const pdf = await page.pdf({ preferCSSPageSize: true });
  await test.info().attach(`${name.replaceAll("/", "_")}.pdf`, { body: pdf, contentType: "application/pdf" });
  const sizes = pdfPageSizes(pdf);
  expect(sizes.length, name).toBeGreaterThan(0);
  const a4 = orientation === "landscape" ? { width: 842, height: 595 } : { width: 595, height: 842 };
  for (const size of sizes) expect(size, `${name}: A4 ${orientation}`).toEqual(a4);
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** What a page's HTML says about scripts: none downloaded, none run as a module. */
async function expectNoScripts(page: Page) {
  const html = await page.content();
  const tags = html.match(/<script\b[^>]*>|<link\b[^>]*>/gi) ?? [];
  const scripts = tags.filter((tag) => /^<script[^>]*(\bsrc=|type="module")|modulepreload/i.test(tag));
  expect(scripts, "scripts to download or run as modules").toEqual([]);
}

/** Axe on the print view's own content (a whole page costs seconds; accessibility.spec.ts has the shell). */
async function expectAccessible(page: Page) {
  expect(await axeViolations(page, "main")).toEqual([]);
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { origin: baseURL } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return response.json();
}

test.describe("print views", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the department print has every column of the table on A4 landscape, nothing cut off", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "a print view is the server's page, the same without JavaScript");
    await login("staff");
    const asset = uniqueName("Main LT panel incomer air circuit breaker 800 A");
    const { product } = await post(page, "/api/Electrician/create", {
      srno: 10_000 + Math.floor(Math.random() * 80_000_000) * 10,
      Assets: asset,
      ComponentsAndEquipments: "Spring charging motor, 230 V AC, with limit switch assembly",
      AvailableStock: 40,
      MinStock: 5,
      LeadTime: 12,
    });
    // An issue, so the line has days of cover and an order-by date.
    await post(page, `/api/stock/spare/${product._id}/movements`, { kind: "issue", quantity: 9 });
    await page.goto(`/products/Electrician/print?q=${encodeURIComponent(asset)}`);
    const row = page.getByRole("row").filter({ hasText: asset });
    await expect(row).toHaveCount(1);
    await expectNoScripts(page);
    await expectPrintFits(page, "landscape", [
      "Serial Number",
      "Assets",
      "Components/Equipments",
      "Available stock",
      "Min Stock",
      "Lead time",
      "Excess/Short Fall",
      "Status of Order",
      "Days of cover",
      "Order by",
    ]);
  });

  test("the stock card print keeps Kind and Received from columns, the opening labelled, on A4", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "a print view is the server's page, the same without JavaScript");
    await login("staff");
    const material = uniqueName("Mechanical seal 35 mm for LPG pump");
    const { _id: id } = await post(page, "/api/rack/16", {
      section: "L2",
      materialName: material,
      availableStock: 10,
      issue: 0,
      receit: 0,
    });
    await post(page, `/api/stock/rack/${id}/movements`, {
      kind: "receipt",
      quantity: 5,
      reference: "PO-4711",
      party: "Bharat Seals and Gaskets Pvt Ltd",
      remark: "Against indent 88",
    });
    await post(page, `/api/stock/rack/${id}/movements`, {
      kind: "issue",
      quantity: 3,
      reference: "SL-12",
      party: "Fitter Ravi",
    });
    await page.goto(`/stock/rack/${id}/print`);
    await expect(page.getByRole("heading", { name: `Stock card: ${material}` })).toBeVisible();
    await expectNoScripts(page);
    const headers = [
      "Date",
      "Kind",
      "Reference",
      "Received from / issued to",
      "Received",
      "Issued",
      "Balance",
      "Remark",
      "Entered by",
    ];
    // The same columns as the screen's card (less its Reverse links), in the same order (the card's
    // own table: the use chart's figures are a table of their own, in the charts above it).
    const printed = (await page.locator(".stock-card-print > table > thead th").allTextContents()).map(
      (text) => text.trim(),
    );
    expect(printed).toEqual(headers);
    const cells = async (text: string) =>
      (await page.getByRole("row").filter({ hasText: text }).locator("td").allTextContents()).map((cell) =>
        cell.trim(),
      );
    // The opening row says what it is; the supplier and the remark keep their own columns.
    expect((await cells("Opening stock")).slice(1, 7)).toEqual(["Opening stock", "", "", "10", "", "10"]);
    expect((await cells("PO-4711")).slice(1, 8)).toEqual([
      "Receipt",
      "PO-4711",
      "Bharat Seals and Gaskets Pvt Ltd",
      "5",
      "",
      "15",
      "Against indent 88",
    ]);
    expect((await cells("SL-12")).slice(1, 8)).toEqual(["Issue", "SL-12", "Fitter Ravi", "", "3", "12", ""]);
    await expect(page.getByRole("button", { name: "Print", exact: true })).toBeVisible();
    await expectAccessible(page);
    await expectPrintFits(page, "portrait", headers);
    // Its charts (issue 36) print beside it in black: the balance and the use, their figures open.
    await page.emulateMedia({ media: "print" });
    const balance = page.getByRole("img", { name: new RegExp(`^Stock of ${material}, `) });
    await expect(balance).toBeVisible();
    await expect(
      page.getByRole("img", { name: `Use of ${material} per month, last 12 months` }),
    ).toBeVisible();
    await expect(
      page.getByRole("table", { name: `Use of ${material} per month, last 12 months` }),
    ).toBeVisible();
    const inks = await page
      .locator(".chart [class*='chart-tone-']")
      .evaluateAll((shapes) => [...new Set(shapes.map((shape) => getComputedStyle(shape).color))]);
    expect(inks).toEqual(["rgb(0, 0, 0)"]);
    const box = await balance.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(PRINTABLE_WIDTH.portrait);
    await page.emulateMedia({ media: "screen" });
  });

  test("the other list prints are A4 landscape with every column on the sheet", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "a print view is the server's page, the same without JavaScript");
    await login("admin");
    const marker = uniqueName("Fire water pump house diesel engine");
    const { _id: rackItem } = await post(page, "/api/rack/7", {
      section: "Top shelf, left-hand side bin",
      materialName: `${marker} fuel filter element`,
      availableStock: 12,
      issue: 0,
      receit: 0,
    });
    await post(page, `/api/stock/rack/${rackItem}/movements`, { kind: "issue", quantity: 2 });
    await post(page, "/api/equipment/add", {
      equipment: `${marker} annual service`,
      company: "Kirloskar Brothers Limited, Pune service division",
      validity: { from: "2026-04-01", to: "2027-03-31" },
      pms: "Quarterly",
      vendorCode: "V-00412-KBL",
      contractNumber: "AMC/2026-27/FW/0042",
      concernedPerson: "Mr. Sudhakar Venkataraman",
      mobileNumber: "9876543210",
      lastDateOfChecking: "2026-10-01",
      nextDueDate: "2027-01-01",
    });
    const as11 = formats.find((format) => format.code === "AS11")!;
    await post(page, "/api/sop/AS11", sampleRecord(as11, marker));
    const q = `?q=${encodeURIComponent(marker)}`;

    const views: [string, string[]][] = [
      [
        `/about/print${q}`,
        ["Rack", "Section", "Material Name", "Available Stock", "Issue", "Receipt", "Closing Stock"],
      ],
      [
        `/amc/print${q}`,
        [
          "Equipment",
          "Company",
          "Validity From and To",
          "PMS",
          "Vendor Code",
          "Contract Number",
          "Concerned Person",
          "Mobile Number",
          "Last Date of Checking",
          "Next Due Date",
        ],
      ],
      [
        `/stock/report/print${q}`,
        ["Item", "Section / line", "Opening", "Receipts", "Issues", "Counts ±", "Closing"],
      ],
      [`/audit/print${q}`, ["When", "Who", "Change", "Record", "Fields"]],
      [
        `/AS11/records/print${q}`,
        ["Date", ...as11.keyFields.map((field) => field.label), "Saved by", "Saved at"],
      ],
    ];
    for (const [path, headers] of views) {
      await page.goto(path);
      await expect(page.getByRole("main").getByText(marker).first(), path).toBeAttached();
      await expectNoScripts(page);
      await expectPrintFits(page, "landscape", headers);
    }
  });

  test("the paper sheets print on A4 portrait: the daily report and a cupboard's file index", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "a print view is the server's page, the same without JavaScript");
    await login("staff");
    await page.goto("/home/print");
    await expect(page.getByRole("heading", { level: 1, name: /^Daily report/ })).toBeVisible();
    await expectNoScripts(page);
    await expectPrintFits(page, "portrait", []);

    await page.goto("/rackadmin/print/1");
    await expect(page.getByRole("heading", { name: "CupBoard 1 — File index" })).toBeVisible();
    await expectNoScripts(page);
    await expectPrintFits(page, "portrait", ["Sr. No", "Name of the File"]);
  });

  test("a SOP record's print view has a Print button and sends no JavaScript", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    const as11 = formats.find((format) => format.code === "AS11")!;
    const { _id } = await post(page, "/api/sop/AS11", sampleRecord(as11, uniqueName("AS11")));
    // Counts the print dialogs the page asks for (a stand-in for the browser's dialog).
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto(`/AS11/records/${_id}/print`);
    await expect(page.locator(".sop-sheet")).toContainText(as11.formatNo);
    await expectNoScripts(page);
    await expect(page.getByText("Print this page with your browser's Print command")).toBeVisible();
    const print = page.getByRole("button", { name: "Print", exact: true });
    if (js) {
      await expectAccessible(page);
      await print.click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
        .toBe(1);
      await page.emulateMedia({ media: "print" });
      await expect(print).toBeHidden();
      await page.emulateMedia({ media: "screen" });
    } else {
      // Without JavaScript a button could do nothing: the page's text says how to print.
      await expect(print).toBeHidden();
    }
    await expectPrintFits(page, as11.orientation, []);
  });
});
