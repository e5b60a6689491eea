import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// The file index (issue #6): Admin Racks with JavaScript on and off. Tests share one database, so
// each uses its own file names and random file numbers and never counts files globally.

const randomNumber = () => 1000 + Math.floor(Math.random() * 998_000);

const cupboardOf = (page: Page, number: 1 | 2) => page.locator(`#cupboard-${number}`);
const cupboardSummary = (page: Page, number: 1 | 2) => cupboardOf(page, number).locator(":scope > summary");
const rackOf = (page: Page, rackName: string) => page.locator(`details[data-rack="${rackName}"]`);
const rowOf = (page: Page, rackName: string, fileName: string) =>
  rackOf(page, rackName).getByRole("row").filter({ hasText: fileName });

async function isOpen(details: ReturnType<Page["locator"]>) {
  return (await details.getAttribute("open")) !== null;
}

/**
 * Opens the rack's cupboard and the rack, whichever were closed, and waits for its files: a rack's
 * files are sent only once it is open (with JavaScript opening it fetches them; without, the rack
 * offers a "Show the N files" link).
 */
async function showRack(page: Page, rackName: string) {
  const number = rackName.startsWith("Rack1") ? 1 : 2;
  if (!(await isOpen(cupboardOf(page, number)))) await cupboardSummary(page, number).click();
  const rack = rackOf(page, rackName);
  if (!(await isOpen(rack))) await rack.locator(":scope > summary").click();
  const table = rack.getByRole("table");
  const showFiles = rack.getByRole("link", { name: /^Show the \d+ files? in / });
  // Without JavaScript the link is the way; with it, opening already fetches the files, and the
  // link goes as they arrive (clicking it then would race the fetch).
  if (test.info().project.name === "js-off") {
    await expect(table.or(showFiles)).toBeVisible();
    if (await showFiles.isVisible()) await showFiles.click();
  }
  await expect(table).toBeVisible();
  await expect(rack.getByRole("button", { name: "Insert" })).toBeVisible();
}

async function insertFile(page: Page, rackName: string, id: number, name: string) {
  await showRack(page, rackName);
  const rack = rackOf(page, rackName);
  await rack.getByRole("spinbutton", { name: "File ID" }).fill(String(id));
  await rack.getByRole("textbox", { name: "New file name" }).fill(name);
  await rack.getByRole("button", { name: "Insert" }).click();
}

/** Adds files through the API with the page's own session (fast set-up). */
async function seedFiles(page: Page, rackName: string, files: { id: number; name: string }[]) {
  const response = await page.request.post(`/api/racks/${rackName}`, {
    data: { files },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { files: { _id: string; id: number; name: string }[] };
  return files.map((file) => body.files.find((saved) => saved.id === file.id)!);
}

test.describe("Admin Racks", () => {
  test("inserts files into racks of both cupboards, sorted by number, with the count on the rack", async ({
    page,
    login,
  }) => {
    await login("staff");
    await page.goto("/rackadmin");
    await expect(page.getByRole("heading", { name: "Admin Racks" })).toBeVisible();
    const low = randomNumber();
    const first = uniqueName("Fire NOC");
    const second = uniqueName("Boiler licence");
    await insertFile(page, "Rack1B", low + 1, first);
    await expect(page.getByText("File inserted successfully!")).toBeVisible();
    await expect(rowOf(page, "Rack1B", first)).toBeVisible();
    await expect(rowOf(page, "Rack1B", first).getByRole("cell").first()).toHaveText(String(low + 1));
    await insertFile(page, "Rack1B", low, second);
    await expect(rowOf(page, "Rack1B", second)).toBeVisible();
    // Sr. No shows the number given, and the lower number comes first.
    const rows = await rackOf(page, "Rack1B").getByRole("row").allTextContents();
    expect(rows.findIndex((text) => text.includes(second))).toBeLessThan(
      rows.findIndex((text) => text.includes(first)),
    );
    await expect(rackOf(page, "Rack1B").locator(":scope > summary")).toHaveText(/Rack1B \(\d+ files?\)/);

    const other = uniqueName("Weighbridge stamping");
    await insertFile(page, "Rack2C", randomNumber(), other);
    await expect(rowOf(page, "Rack2C", other)).toBeVisible();
    // Only one cupboard is open: the second closed the first.
    await expect(cupboardOf(page, 1)).not.toHaveAttribute("open");
    // The insert row is empty again for the next file.
    await expect(rackOf(page, "Rack2C").getByRole("textbox", { name: "New file name" })).toHaveValue("");
  });

  test("several racks save independently, and Insert reads 'Inserting...' while saving", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "without JavaScript each insert is its own page load");
    await login("staff");
    await page.goto("/rackadmin");
    // Hold both saves until the buttons have been seen saving.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/rackadmin\.data/, async (route) => {
      if (route.request().method() === "POST") await released;
      await route.continue();
    });
    const a = uniqueName("Gas detector");
    const b = uniqueName("Pump service");
    await showRack(page, "Rack1C");
    await showRack(page, "Rack1D");
    // Hydrated: the insert rows now save through their own fetchers.
    await expect(rackOf(page, "Rack1C").locator('input[name="via"]')).toBeAttached();
    for (const [rackName, name] of [
      ["Rack1C", a],
      ["Rack1D", b],
    ]) {
      const rack = rackOf(page, rackName);
      await rack.getByRole("spinbutton", { name: "File ID" }).fill(String(randomNumber()));
      await rack.getByRole("textbox", { name: "New file name" }).fill(name);
    }
    await rackOf(page, "Rack1C").getByRole("button", { name: "Insert" }).click();
    await rackOf(page, "Rack1D").getByRole("button", { name: "Insert" }).click();
    await expect(rackOf(page, "Rack1C").getByRole("button", { name: "Inserting..." })).toBeDisabled();
    await expect(rackOf(page, "Rack1D").getByRole("button", { name: "Inserting..." })).toBeDisabled();
    // Saved in place: opening the racks put them in the address, the inserts did not navigate.
    await expect(page).toHaveURL(/\/rackadmin\?open=Rack1C&open=Rack1D$/);
    release();
    await expect(rowOf(page, "Rack1C", a)).toBeVisible();
    await expect(rowOf(page, "Rack1D", b)).toBeVisible();
    await expect(rackOf(page, "Rack1C").getByRole("button", { name: "Insert" })).toBeEnabled();
  });

  test("refuses a missing field and a number already used in the rack", async ({ page, login }) => {
    await login("staff");
    await page.goto("/rackadmin");
    const rack = rackOf(page, "Rack1A");
    await showRack(page, "Rack1A");
    const name = uniqueName("No number");
    await rack.getByRole("textbox", { name: "New file name" }).fill(name);
    await rack.getByRole("button", { name: "Insert" }).click();
    await expect(rack.getByText("Both fields are required.")).toBeVisible();
    await expect(rack.getByRole("textbox", { name: "New file name" })).toHaveValue(name);

    const id = randomNumber();
    const holder = uniqueName("Holder");
    await seedFiles(page, "Rack1A", [{ id, name: holder }]);
    await page.goto("/rackadmin?open=Rack1A");
    await insertFile(page, "Rack1A", id, uniqueName("Intruder"));
    await expect(
      rack.getByText(`Error inserting file: File ID ${id} is already used in Rack1A.`),
    ).toBeVisible();
    await expect(rack.getByRole("spinbutton", { name: "File ID" })).toHaveValue(String(id));
  });

  test("checks the insert row's File ID (in the browser with JavaScript, on the server without)", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/rackadmin");
    await showRack(page, "Rack1C");
    const rack = rackOf(page, "Rack1C");
    // Hydrated (with JavaScript): the row checks before it sends anything.
    if (js) await expect(rack.locator('input[name="via"]')).toBeAttached();
    const name = uniqueName("Half number");
    await insertFile(page, "Rack1C", 2.5, name);
    const message = rack.getByText("File ID must be a whole number from 1 to 999999.");
    await expect(message).toBeVisible();
    await expect(rack.getByRole("textbox", { name: "New file name" })).toHaveValue(name);
    await expect(rack.getByRole("spinbutton", { name: "File ID" })).toHaveAttribute("aria-invalid", "true");
    if (js) {
      expect(posts).toEqual([]);
      // Corrected as typed: the message goes without another submit.
      await rack.getByRole("spinbutton", { name: "File ID" }).fill(String(randomNumber()));
      await expect(message).toBeHidden();
    }
  });

  test("shows a file name holding markup as text, in its row and its links", async ({ page, login, js }) => {
    await login("staff");
    const name = `${uniqueName("Permit")} <b>bold</b> & "quoted"`;
    await seedFiles(page, "Rack1C", [{ id: randomNumber(), name }]);
    await page.goto("/rackadmin?open=Rack1C");
    const row = rowOf(page, "Rack1C", name);
    await expect(row.getByRole("cell").nth(1)).toHaveText(name);
    await expect(row.locator("b")).toHaveCount(0);
    await row.getByRole("link", { name: `Update ${name}` }).click();
    const scope = js ? page.getByRole("dialog", { name: "Update File" }) : page.locator("main");
    await expect(scope.getByRole("textbox", { name: "File Name", exact: true })).toHaveValue(name);
  });

  test("the browser takes over the server's rows as they are (no hydration errors)", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "nothing to take over without JavaScript");
    await login("staff");
    const marker = uniqueName("Hydrate").split(" ")[1];
    await seedFiles(page, "Rack1A", [{ id: randomNumber(), name: `Licence <${marker}> & "copy"` }]);
    // Plain, searched (?q=, and the old ?files= links). The pageErrors fixture fails the test on a
    // hydration error.
    for (const search of ["", `?files=${marker}`, `?q=${marker}`]) {
      await page.goto(`/rackadmin${search}`);
      await expect(rackOf(page, "Rack1A").locator('input[name="via"]')).toBeAttached();
    }
  });

  test("only one cupboard is open at a time, and clicking the open one closes it", async ({
    page,
    login,
  }) => {
    await login("staff");
    await page.goto("/rackadmin");
    await expect(cupboardOf(page, 1)).toHaveAttribute("name", "cupboard");
    await expect(cupboardOf(page, 2)).toHaveAttribute("name", "cupboard");
    await cupboardSummary(page, 1).click();
    await expect(cupboardOf(page, 1)).toHaveAttribute("open");
    await expect(page.locator("summary", { hasText: "Rack1A" })).toBeVisible();
    await cupboardSummary(page, 2).click();
    await expect(cupboardOf(page, 2)).toHaveAttribute("open");
    await expect(cupboardOf(page, 1)).not.toHaveAttribute("open");
    await expect(page.locator("summary", { hasText: "Rack1A" })).toBeHidden();
    await expect(page.locator("summary", { hasText: "Rack2D" })).toBeVisible();
    await cupboardSummary(page, 2).click();
    await expect(cupboardOf(page, 2)).not.toHaveAttribute("open");
    await expect(cupboardOf(page, 1)).not.toHaveAttribute("open");
  });

  test("the search shows matching files and opens the rack that holds them", async ({ page, login, js }) => {
    await login("staff");
    const marker = uniqueName("Calibration").split(" ")[1];
    const match = `Tank gauge ${marker} report`;
    const neighbour = uniqueName("Unrelated file");
    await seedFiles(page, "Rack2B", [
      { id: randomNumber(), name: match },
      { id: randomNumber(), name: neighbour },
    ]);
    await page.goto("/rackadmin");
    await cupboardSummary(page, 1).click();
    const box = page.getByRole("searchbox", { name: "Search for files" });
    await box.fill(marker.toLowerCase());
    // With JavaScript the server answers as the user types; without, on Enter.
    if (!js) await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]q=${marker.toLowerCase()}`));
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText(
      `1 file matches '${marker.toLowerCase()}'`,
    );
    await expect(cupboardOf(page, 2)).toHaveAttribute("open");
    await expect(cupboardOf(page, 1)).not.toHaveAttribute("open");
    await expect(rackOf(page, "Rack2B")).toHaveAttribute("open");
    await expect(rowOf(page, "Rack2B", match)).toBeVisible();
    await expect(rowOf(page, "Rack2B", match).locator("mark")).toHaveText(marker);
    await expect(rowOf(page, "Rack2B", neighbour)).toHaveCount(0);
    await expect(rackOf(page, "Rack2A")).not.toHaveAttribute("open");
    await expect(rackOf(page, "Rack2B").locator(":scope > summary")).toHaveText(/1 of \d+ files/);
  });

  test("a search address (?q=) finds a file inside a closed rack and opens it", async ({ page, login }) => {
    await login("staff");
    const marker = uniqueName("Navbar").split(" ")[1];
    const name = `Gas cylinder test ${marker}`;
    await seedFiles(page, "Rack2C", [{ id: randomNumber(), name }]);
    await page.goto("/rackadmin");
    await expect(rackOf(page, "Rack2C")).not.toHaveAttribute("open");
    await page.goto(`/rackadmin?q=${marker}`);
    await expect(rackOf(page, "Rack2C")).toHaveAttribute("open");
    await expect(rowOf(page, "Rack2C", name)).toBeVisible();
  });

  test("updates a file name: in a dialog with JavaScript, on its own page without", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    const id = randomNumber();
    const before = uniqueName("Old file name");
    const after = uniqueName("New file name");
    const [file] = await seedFiles(page, "Rack2A", [{ id, name: before }]);
    await page.goto("/rackadmin?open=Rack2A");
    await rowOf(page, "Rack2A", before)
      .getByRole("link", { name: `Update ${before}` })
      .click();
    if (js) {
      const dialog = page.getByRole("dialog", { name: "Update File" });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/rackadmin\?open=Rack2A/);
      await expect(dialog.getByRole("textbox", { name: "File ID", exact: true })).toHaveValue(String(id));
      await expect(dialog.getByRole("textbox", { name: "File ID", exact: true })).toHaveAttribute("readonly");
      await dialog.getByRole("textbox", { name: "File Name", exact: true }).fill("   ");
      await dialog.getByRole("button", { name: "Update File" }).click();
      await expect(dialog.getByText("File name cannot be empty.")).toBeVisible();
      await dialog.getByRole("textbox", { name: "File Name", exact: true }).fill(after);
      await dialog.getByRole("button", { name: "Update File" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(new RegExp(`/rackadmin/racks/Rack2A/${file._id}$`));
      await expect(page.getByRole("heading", { name: "Update File" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "File ID", exact: true })).toHaveValue(String(id));
      await expect(page.getByRole("textbox", { name: "File ID", exact: true })).toHaveAttribute("readonly");
      await page.getByRole("textbox", { name: "File Name", exact: true }).fill("   ");
      await page.getByRole("button", { name: "Update File" }).click();
      await expect(page.getByText("File name cannot be empty.")).toBeVisible();
      await page.getByRole("textbox", { name: "File Name", exact: true }).fill(after);
      await page.getByRole("button", { name: "Update File" }).click();
      await expect(page).toHaveURL(/\/rackadmin\?open=Rack2A/);
    }
    await expect(page.getByText("File updated successfully")).toBeVisible();
    await expect(rowOf(page, "Rack2A", after)).toBeVisible();
    await expect(rowOf(page, "Rack2A", before)).toHaveCount(0);
  });

  test("the Update File page refuses a save over someone else's change and keeps the typed name", async ({
    page,
    login,
  }) => {
    await login("staff");
    const [file] = await seedFiles(page, "Rack2D", [{ id: randomNumber(), name: uniqueName("Shared file") }]);
    await page.goto(`/rackadmin/racks/Rack2D/${file._id}`);
    const mine = uniqueName("My edit");
    await page.getByRole("textbox", { name: "File Name", exact: true }).fill(mine);
    // Someone else renames it meanwhile.
    const theirs = await page.request.put(`/api/racks/Rack2D/${file._id}`, {
      data: { name: uniqueName("Their edit") },
      headers: { origin: baseURL },
    });
    expect(theirs.status()).toBe(200);
    await page.getByRole("button", { name: "Update File" }).click();
    await expect(page.getByText("Failed to update file.")).toBeVisible();
    await expect(
      page.getByText("This record was changed by someone else. Reload and try again."),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "File Name", exact: true })).toHaveValue(mine);
    // An address that names no file says so.
    await page.goto("/rackadmin/racks/Rack9X/not-an-id");
    await expect(page.getByText("Invalid rack name or file ID")).toBeVisible();
  });

  test("deletes a file after confirmation", async ({ page, login, js }) => {
    await login("staff");
    const name = uniqueName("Obsolete file");
    await seedFiles(page, "Rack1D", [{ id: randomNumber(), name }]);
    await page.goto("/rackadmin?open=Rack1D");
    await rowOf(page, "Rack1D", name)
      .getByRole("link", { name: `Delete ${name}` })
      .click();
    const scope = js ? page.getByRole("dialog", { name: "Confirm delete" }) : page.locator("main");
    if (!js) await expect(page).toHaveURL(/\/rackadmin\/racks\/Rack1D\/[0-9a-f-]+\/delete$/);
    await expect(scope.getByText("Are you sure you want to delete this file?")).toBeVisible();
    await scope.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("File deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/rackadmin\?open=Rack1D/);
    await expect(rackOf(page, "Rack1D")).toHaveAttribute("open");
    await expect(rowOf(page, "Rack1D", name)).toHaveCount(0);
  });

  test("prints a cupboard's index on A4 with each rack's files in number order", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    const base = randomNumber();
    const names = [uniqueName("Third"), uniqueName("First"), uniqueName("Second")];
    await seedFiles(page, "Rack2D", [
      { id: base + 20, name: names[0] },
      { id: base, name: names[1] },
      { id: base + 5, name: names[2] },
    ]);
    await page.goto("/rackadmin");
    await page.getByRole("link", { name: "Print index: CupBoard 2" }).click();
    await expect(page).toHaveURL(/\/rackadmin\/print\/2$/);
    await expect(page.getByRole("heading", { name: "CupBoard 2 — File index" })).toBeVisible();
    for (const rackName of ["Rack2A", "Rack2B", "Rack2C", "Rack2D"])
      await expect(page.getByRole("heading", { name: new RegExp(`^${rackName}`) })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Rack1A/ })).toHaveCount(0);

    const rack = page.getByRole("region", { name: /^Rack2D/ });
    const numbers = (await rack.locator("tbody tr td:first-child").allTextContents()).map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const text = await rack.locator("tbody").innerText();
    expect(text.indexOf(names[1])).toBeLessThan(text.indexOf(names[2]));
    expect(text.indexOf(names[2])).toBeLessThan(text.indexOf(names[0]));

    if (js) {
      await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
      // On paper the shell's navbar, banner and the sheet's buttons are gone.
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
      await expect(page.getByRole("heading", { name: "CupBoard 2 — File index" })).toBeVisible();
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.length).toBeGreaterThan(5_000);
      // A4 is 595 × 842 points.
      expect(pdf.toString("latin1")).toMatch(/\/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);
    } else {
      await expect(page.getByText("Use your browser's Print command (Ctrl+P)")).toBeVisible();
    }
  });
});
