import type { Locator, Page } from "@playwright/test";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { baseURL } from "../../playwright.config.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// Annual maintenance contracts (issue #5), with JavaScript on and off. Tests share one database:
// each finds its own rows by a unique equipment name; only the tests that need them add expired
// contracts, and no test deletes or un-expires one, so the bell's count never goes down meanwhile.

const today = () => dateInZone(new Date(), "Asia/Kolkata");
const gb = (iso: string) => iso.split("-").reverse().join("/");
const MESSAGE_HEAD = "AMC has expired for the equipment:";

type Contract = {
  equipment: string;
  company?: string;
  validityFrom?: string;
  validityTo?: string;
  pms?: string;
  vendorCode?: string;
  contractNumber?: string;
  concernedPerson?: string;
  mobileNumber?: string;
  lastDateOfChecking?: string;
  nextDueDate?: string;
};

const defaults = {
  company: "Kirloskar",
  validityFrom: "2026-04-01",
  validityTo: "2049-03-31",
  pms: "Quarterly",
};

/** Adds a contract through the API with the page's session (quick set-up for a test). */
async function addByApi(page: Page, contract: Contract) {
  const { validityFrom, validityTo, ...rest } = { ...defaults, ...contract };
  const response = await page.request.post("/api/equipment/add", {
    data: { ...rest, validity: { from: validityFrom, to: validityTo } },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { newEquipment: { _id: string; version: number } }).newEquipment;
}

/** Fills and saves the Insert Equipment Information form the way a user does. */
async function addByForm(page: Page, contract: Contract) {
  const values = { ...defaults, ...contract };
  await page.goto("/amcinsert");
  const form = page.locator("form#contract-insert");
  const fields: [string, string | undefined][] = [
    ["Equipment", values.equipment],
    ["Company", values.company],
    ["Validity From", values.validityFrom],
    ["Validity To", values.validityTo],
    ["Vendor Code", values.vendorCode],
    ["Contract Number", values.contractNumber],
    ["Concerned Person", values.concernedPerson],
    ["Mobile Number", values.mobileNumber],
    ["Last Date of Checking", values.lastDateOfChecking],
    ["Next Due Date", values.nextDueDate],
  ];
  for (const [label, value] of fields) if (value) await labelled(form, label).fill(value);
  await labelled(form, "PMS").selectOption(values.pms);
  await form.getByRole("button", { name: "Insert" }).click();
  await expect(page.getByText("Equipment added successfully!").first()).toBeVisible();
  // The form comes back cleared for the next line.
  await expect(labelled(page, "Equipment")).toHaveValue("");
}

/** A form field by its label; required fields' labels end with a " *" marker. */
const labelled = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

const rowOf = (page: Page, equipment: string) => page.getByRole("row").filter({ hasText: equipment });

async function badgeCount(page: Page) {
  const badge = page.getByTestId("bell-badge");
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}

/** Opens the notifications: the dialog with JavaScript, the /alerts page without. */
async function openNotifications(page: Page, js: boolean): Promise<Locator> {
  await page.getByRole("link", { name: /^Notifications/ }).click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: "Notifications" });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  return page.getByRole("main");
}

test("adds an expired, a due-soon and a fine contract; the table marks them and shows dates en-GB", async ({
  page,
  login,
}) => {
  test.slow(); // three forms filled in, on a small shared machine
  await login("staff");
  const expired = uniqueName("Fire pump");
  const soon = uniqueName("DG set");
  const fine = uniqueName("Air compressor");
  await addByForm(page, {
    equipment: expired,
    mobileNumber: "98765 43210",
    concernedPerson: "Ravi Kumar",
    vendorCode: "V-77",
    contractNumber: "AMC/77",
    lastDateOfChecking: addDays(today(), -93),
    nextDueDate: addDays(today(), -3),
  });
  await addByForm(page, { equipment: soon, nextDueDate: addDays(today(), 3), pms: "Monthly" });
  // "12345" cannot be saved any more (the form refuses what WhatsApp cannot use); no number at all.
  await addByForm(page, { equipment: fine, nextDueDate: addDays(today(), 60) });

  await page.goto("/amc");
  await expect(page.getByRole("heading", { level: 1, name: "Annual Maintenance Contract" })).toBeVisible();
  for (const header of [
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
    "Update",
    "Delete",
    "WhatsApp Send",
  ])
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();

  const expiredRow = rowOf(page, expired);
  await expect(expiredRow).toHaveClass(/contract-expired/);
  await expect(expiredRow).toContainText(`${gb(addDays(today(), -3))}Expired`);
  await expect(expiredRow).toContainText("01/04/2026 to 31/03/2049");
  await expect(expiredRow).toContainText(gb(addDays(today(), -93)));
  await expect(expiredRow).toContainText("Ravi Kumar");

  const soonRow = rowOf(page, soon);
  await expect(soonRow).toHaveClass(/contract-due-soon/);
  await expect(soonRow).toContainText("Due soon");
  await expect(soonRow).not.toContainText("Expired");
  // Empty text cells and dates read N/A.
  await expect(soonRow.getByRole("cell", { name: "N/A", exact: true })).toHaveCount(5);

  const fineRow = rowOf(page, fine);
  await expect(fineRow).not.toHaveClass(/contract-(expired|due-soon)/);
  await expect(fineRow).not.toContainText("Due soon");

  // WhatsApp Send: expired and not-yet-expired texts, 91 added to a 10-digit mobile, a new tab.
  const send = expiredRow.getByRole("link", { name: `Send WhatsApp message about ${expired}` });
  await expect(send).toHaveAttribute(
    "href",
    `https://wa.me/919876543210?text=${encodeURIComponent(`${MESSAGE_HEAD} ${expired} with Next Due Date: ${gb(addDays(today(), -3))}`)}`,
  );
  await expect(send).toHaveAttribute("target", "_blank");
  await expect(send).toHaveText(/^Send/);
  // No number, or one that cannot be a mobile: the button is disabled and says why.
  await expect(soonRow.getByRole("button", { name: /^Send/ })).toBeDisabled();
  await expect(soonRow).toContainText("No mobile number is set.");
  await expect(fineRow.getByRole("button", { name: /^Send/ })).toBeDisabled();
  await expect(fineRow).toContainText("No mobile number is set.");
});

test("HTML typed into a field shows as text; the list search marks the matching cells", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const marker = uniqueName("Findme").replace(" ", "-");
  const equipment = `<b>Valve</b> ${marker} & "co"`;
  const company = "<img src=x onerror=alert(1)>";
  await addByApi(page, {
    equipment,
    company,
    nextDueDate: addDays(today(), 90),
    mobileNumber: "98480 22338",
  });
  await page.goto("/amc");
  const row = rowOf(page, marker);
  await expect(row.getByRole("cell").nth(0)).toHaveText(equipment);
  await expect(row.getByRole("cell").nth(1)).toHaveText(company);
  await expect(row.locator("b, img")).toHaveCount(0);
  await expect(row.getByRole("link", { name: `Update ${equipment}` })).toBeVisible();
  await expect(row.getByRole("link", { name: `Send WhatsApp message about ${equipment}` })).toHaveAttribute(
    "href",
    `https://wa.me/919848022338?text=${encodeURIComponent(`AMC for the equipment: ${equipment} is due on ${gb(addDays(today(), 90))}`)}`,
  );

  // The list's own search, on the server: only the matches, marked.
  await page.getByRole("searchbox", { name: "Search contracts" }).fill(marker);
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
  await expect(page.locator("table.amc-table tbody tr")).toHaveCount(1);
  await expect(page.locator("td mark")).toHaveText([marker]);
});

test("the bell counts expired contracts on /amc and /home and lists them in the notifications", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  await page.goto("/home");
  const before = await badgeCount(page);
  const equipment = uniqueName("Weighbridge");
  const due = addDays(today(), -1);
  await addByApi(page, { equipment, nextDueDate: due, mobileNumber: "+91 98480 22338" });
  // A contract due in two days is not an alert.
  const notYet = uniqueName("Chiller");
  await addByApi(page, { equipment: notYet, nextDueDate: addDays(today(), 2) });

  for (const path of ["/amc", "/home"]) {
    await page.goto(path);
    const count = await badgeCount(page);
    expect(count, `badge on ${path}`).toBeGreaterThanOrEqual(before + 1);
    await expect(
      page.getByRole("link", { name: `Notifications: ${count} AMC ${count === 1 ? "alert" : "alerts"}` }),
    ).toBeVisible();
  }

  const list = await openNotifications(page, js);
  const items = list.getByRole("list", { name: "AMC alerts" }).getByRole("listitem");
  // The badge and the list come from the same alerts (the dialog lists the 20 most overdue).
  const total = await badgeCount(page);
  await expect(items).toHaveCount(js ? Math.min(total, 20) : total);
  const mine = items.filter({ hasText: equipment });
  await expect(mine).toContainText(`AMC exceeds for the equipment with Next Due Date: ${gb(due)}`);
  const link = mine.getByRole("link", { name: /^Send WhatsApp Message/ });
  await expect(link).toHaveAttribute(
    "href",
    `https://wa.me/919848022338?text=${encodeURIComponent(`${MESSAGE_HEAD} ${equipment} with Next Due Date: ${gb(due)}`)}`,
  );
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(list).not.toContainText(notYet);
  if (js) {
    await list.getByRole("button", { name: "Close" }).click();
    await expect(list).toBeHidden();
  }
});

test("insert checks the required fields and the validity order, keeping what was typed", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  await page.goto("/amcinsert");
  await expect(page.getByRole("heading", { level: 1, name: "Insert Equipment Information" })).toBeVisible();
  const equipment = uniqueName("Hydrant");
  await labelled(page, "Equipment").fill(equipment);
  await labelled(page, "Validity From").fill("2026-06-01");
  await labelled(page, "Validity To").fill("2026-05-01");
  await page.getByRole("button", { name: "Insert" }).click();
  await expect(page.getByText("Company is required.", { exact: true })).toBeVisible();
  await expect(page.getByText("PMS is required.", { exact: true })).toBeVisible();
  await expect(page.getByText("Validity to must not be before validity from.")).toBeVisible();
  if (!js) await expect(page.getByText("Failed to add equipment: Company is required.")).toBeVisible();
  await expect(labelled(page, "Equipment")).toHaveValue(equipment);
  await expect(labelled(page, "Validity To")).toHaveValue("2026-05-01");

  await page.goto("/amc");
  await expect(rowOf(page, equipment)).toHaveCount(0);
});

test("a validity of 9999-12-31 is refused with the window it must lie in, keeping what was typed", async ({
  page,
  login,
}) => {
  await login("staff");
  await page.goto("/amcinsert");
  const equipment = uniqueName("Chlorinator");
  await labelled(page, "Equipment").fill(equipment);
  await labelled(page, "Company").fill("Atlas");
  await labelled(page, "Validity From").fill("2026-06-01");
  await labelled(page, "Validity To").fill("9999-12-31");
  await labelled(page, "PMS").selectOption("Quarterly");
  await page.getByRole("button", { name: "Insert" }).click();
  // 30 years from today (UTC's day, as the check in the browser counts it).
  const to = new Date();
  to.setUTCFullYear(to.getUTCFullYear() + 30);
  const message = `Validity To must be between 01/01/2000 and ${gb(to.toISOString().slice(0, 10))}.`;
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(labelled(page, "Validity To")).toHaveValue("9999-12-31");
  await page.goto("/amc");
  await expect(rowOf(page, equipment)).toHaveCount(0);
});

test("the next due date is suggested from the last date of checking and the PMS", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const equipment = uniqueName("Boiler");
  await page.goto("/amcinsert");
  await labelled(page, "Equipment").fill(equipment);
  await labelled(page, "Company").fill("Thermax");
  await labelled(page, "Validity From").fill("2026-01-01");
  await labelled(page, "Validity To").fill("2026-12-31");
  await labelled(page, "Last Date of Checking").fill("2027-01-31");
  await labelled(page, "PMS").selectOption("Monthly");
  if (js) {
    // Live: 31 Jan + 1 month is the last day of February.
    await expect(labelled(page, "Next Due Date")).toHaveValue("2027-02-28");
    await expect(page.getByText("Suggested from the PMS: 28/02/2027")).toBeVisible();
    await labelled(page, "PMS").selectOption("Fortnightly");
    await expect(labelled(page, "Next Due Date")).toHaveValue("2027-02-14");
  }
  await page.getByRole("button", { name: "Insert" }).click();
  await expect(page.getByText("Equipment added successfully!").first()).toBeVisible();
  await page.goto("/amc");
  // Without JavaScript the server works it out on save (Monthly); with it, the last suggestion.
  await expect(rowOf(page, equipment)).toContainText(js ? "14/02/2027" : "28/02/2027");
  await expect(rowOf(page, equipment)).toContainText(js ? "Fortnightly" : "Monthly");
});

test("update is prefilled, saves, and refuses a save over someone else's change", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const equipment = uniqueName("Conveyor");
  const created = await addByApi(page, {
    equipment,
    nextDueDate: addDays(today(), 45),
    lastDateOfChecking: "2026-02-01",
    mobileNumber: "9848022338",
  });
  await page.goto("/amc");
  await rowOf(page, equipment)
    .getByRole("link", { name: `Update ${equipment}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/amcupdate/${created._id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Update Equipment Information" })).toBeVisible();
  await expect(labelled(page, "Equipment")).toHaveValue(equipment);
  await expect(labelled(page, "Validity From")).toHaveValue("2026-04-01");
  await expect(labelled(page, "Next Due Date")).toHaveValue(addDays(today(), 45));
  await expect(labelled(page, "PMS")).toHaveValue("Quarterly");
  await labelled(page, "Company").fill("Atlas Copco");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/amc$/);
  await expect(page.getByText("Equipment updated successfully!").first()).toBeVisible();
  await expect(rowOf(page, equipment)).toContainText("Atlas Copco");

  // Someone else saves while this form is open: this save is refused, nothing is overwritten.
  await page.goto(`/amcupdate/${created._id}`);
  const other = await page.request.put(`/api/equipment/updated/${created._id}`, {
    data: { company: "Changed elsewhere" },
    headers: { origin: baseURL },
  });
  expect(other.status()).toBe(200);
  await labelled(page, "Company").fill("My late change");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(
    page.getByText(
      "Failed to update equipment: This record was changed by someone else. Reload and try again.",
    ),
  ).toBeVisible();
  if (js) await expect(page.getByText("Update failed. Please try again.")).toBeVisible();
  await expect(labelled(page, "Company")).toHaveValue("My late change");
  await page.goto("/amc");
  await expect(rowOf(page, equipment)).toContainText("Changed elsewhere");
});

test("delete asks for confirmation first (a dialog with JavaScript, a page without)", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const equipment = uniqueName("Old chiller");
  await addByApi(page, { equipment, nextDueDate: addDays(today(), 90) });
  await page.goto("/amc");
  const question = "Are you sure you want to permanently delete this contract? This action cannot be undone.";
  await rowOf(page, equipment)
    .getByRole("link", { name: `Delete ${equipment}` })
    .click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: "Confirm delete" });
    await expect(dialog).toContainText(question);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, equipment)).toHaveCount(1);
    await rowOf(page, equipment)
      .getByRole("link", { name: `Delete ${equipment}` })
      .click();
    await dialog.getByRole("button", { name: "Yes, delete" }).click();
  } else {
    await expect(page).toHaveURL(/\/amc\/[0-9a-f-]+\/delete$/);
    await expect(page.getByText(question)).toBeVisible();
    await expect(page.getByRole("main")).toContainText(equipment);
    await page.getByRole("button", { name: "Yes, delete" }).click();
  }
  await expect(page).toHaveURL(/\/amc$/);
  await expect(page.getByText("Equipment deleted successfully").first()).toBeVisible();
  await expect(rowOf(page, equipment)).toHaveCount(0);
});

test("an admin sets the alert recipients; 'Send alerts' opens one message per expired contract per recipient", async ({
  page,
  login,
  js,
}) => {
  await login("admin");
  const equipment = uniqueName("Fire alarm panel");
  const due = addDays(today(), -5);
  await addByApi(page, { equipment, nextDueDate: due });
  const message = `${MESSAGE_HEAD} ${equipment} with Next Due Date: ${gb(due)}`;

  const saveRecipients = async (value: string) => {
    await page.goto("/settings");
    await page.getByLabel("WhatsApp alert recipients").fill(value);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.").first()).toBeVisible();
  };
  const openSendAlerts = async () => {
    await page.goto("/amc");
    if (js) await page.getByRole("button", { name: "Send alerts" }).click();
    else await page.locator("summary", { hasText: "Send alerts" }).click();
  };

  // Nobody to send to yet.
  await saveRecipients("");
  await openSendAlerts();
  await expect(
    page.getByText("No alert recipients are set. An admin can add them in Settings."),
  ).toBeVisible();

  await saveRecipients("98480 22338\n+44 7700 900123");
  const expected = [
    `https://wa.me/919848022338?text=${encodeURIComponent(message)}`,
    `https://wa.me/447700900123?text=${encodeURIComponent(message)}`,
  ];
  if (js) {
    // The tabs open on the click; answer wa.me locally so nothing leaves the machine.
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
    const opened: string[] = [];
    page.context().on("page", (tab) => {
      opened.push(tab.url());
      tab.on("framenavigated", (frame) => {
        if (frame === tab.mainFrame()) opened.push(frame.url());
      });
    });
    await page.goto("/amc");
    await page.getByRole("button", { name: "Send alerts" }).click();
    await expect(page.getByText(/^Opened \d+ WhatsApp messages?\.$/)).toBeVisible();
    await expect.poll(() => expected.every((url) => opened.includes(url))).toBe(true);
  } else {
    await openSendAlerts();
  }
  // The messages are also listed as links (all there is without JavaScript).
  const links = page.getByRole("list", { name: "Alert messages" });
  const toIndia = links.getByRole("link", { name: `To 98480 22338: ${message}` });
  await expect(toIndia).toHaveAttribute("href", expected[0]);
  await expect(toIndia).toHaveAttribute("target", "_blank");
  await expect(links.getByRole("link", { name: `To +44 7700 900123: ${message}` })).toHaveAttribute(
    "href",
    expected[1],
  );
});

test("the list is searched, filtered by status, sorted, paged and printed on the server", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const marker = uniqueName("Listflow").replace(" ", "-");
  await addByApi(page, { equipment: `${marker} Bravo expired`, nextDueDate: addDays(today(), -4) });
  await addByApi(page, { equipment: `${marker} Alpha soon`, nextDueDate: addDays(today(), 2) });
  await addByApi(page, { equipment: `${marker} Charlie valid`, nextDueDate: addDays(today(), 80) });
  await page.goto("/amc");
  const toolbar = page.getByRole("search", { name: "Search and filter contracts" });
  const apply = async () => {
    // With JavaScript the list follows the typing and the select; without, Apply loads it.
    if (!js) await toolbar.getByRole("button", { name: "Apply" }).click();
  };
  await toolbar.getByLabel("Search contracts").fill(marker);
  await apply();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
  await expect(page.getByText(`3 contracts match '${marker}'`)).toBeVisible();
  const rows = page.locator("table.amc-table tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(page.getByText("Rows 1–3 of 3")).toBeVisible();
  await expect(rows.first().locator("mark").first()).toHaveText(marker);

  // Sort by equipment (a header link), then the other way.
  await page.getByRole("link", { name: "Equipment", exact: true }).click();
  await expect(rows.first()).toContainText("Alpha soon");
  await expect(page.getByRole("columnheader", { name: /Equipment/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await page.getByRole("link", { name: /^Equipment/ }).click();
  await expect(rows.first()).toContainText("Charlie valid");

  await toolbar.getByLabel("Status").selectOption("expired");
  await apply();
  await expect(page).toHaveURL(/[?&]status=expired/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Bravo expired");

  // Print: the whole filtered list, no JavaScript, saying what applied.
  await page.getByRole("link", { name: "Print contracts" }).click();
  await expect(page).toHaveURL(/\/amc\/print\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Annual Maintenance Contract" })).toBeVisible();
  await expect(page.getByText(`Showing: Search: '${marker}' · Status: Expired`)).toBeVisible();
  await expect(page.getByText(/^Printed \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("script[src]")).toHaveCount(0);
});

test("a contract whose validity has ended, with no next due date, is expired: the table, the Expired filter and the notifications say so", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const equipment = uniqueName("Lapsed weighbridge");
  // Long ended, so it is among the most overdue the bell's dialog lists (the other tests' alerts stay).
  const ended = "2020-01-31";
  await addByApi(page, {
    equipment,
    validityFrom: "2019-02-01",
    validityTo: ended,
    mobileNumber: "98480 22338",
  });
  const message = `${MESSAGE_HEAD} ${equipment}; validity ended on ${gb(ended)}`;

  await page.goto("/amc");
  await expect(page.getByText(/^[1-9]\d* expired · \d+ due within \d+ days$/)).toBeVisible();
  const toolbar = page.getByRole("search", { name: "Search and filter contracts" });
  await toolbar.getByLabel("Search contracts").fill(equipment);
  await toolbar.getByLabel("Status").selectOption("expired");
  if (!js) await toolbar.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]status=expired/);
  const rows = page.locator("table.amc-table tbody tr");
  await expect(rows).toHaveCount(1);
  const row = rowOf(page, equipment);
  await expect(row).toHaveClass(/contract-expired/);
  // The tag sits beside the date that flags it: the validity, not the (empty) next due date.
  await expect(row.getByRole("cell").nth(2)).toHaveText(`01/02/2019 to ${gb(ended)}Expired`);
  await expect(row.getByRole("cell").nth(9)).toHaveText("N/A");
  await expect(row.getByRole("link", { name: `Send WhatsApp message about ${equipment}` })).toHaveAttribute(
    "href",
    `https://wa.me/919848022338?text=${encodeURIComponent(message)}`,
  );

  const list = await openNotifications(page, js);
  const mine = list
    .getByRole("list", { name: "AMC alerts" })
    .getByRole("listitem")
    .filter({ hasText: equipment });
  await expect(mine).toContainText(`AMC validity ended for the equipment on ${gb(ended)}`);
  await expect(mine.getByRole("link", { name: /^Send WhatsApp Message/ })).toHaveAttribute(
    "href",
    `https://wa.me/919848022338?text=${encodeURIComponent(message)}`,
  );
});
