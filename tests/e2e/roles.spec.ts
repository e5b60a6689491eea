import { baseURL } from "../../playwright.config.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// Roles in the browser (issue 16), JavaScript on and off: what a guard and a viewer see and may do.
// Every route × role is in tests/reliability/auth-matrix.test.ts; the guard's own-records-of-today
// rule in tests/integration/roles.test.ts.

test("a guard sees only the SOP formats, fills one in and saves it, and gets the 403 page elsewhere", async ({
  page,
  login,
}) => {
  const guard = await login("guard");
  await page.goto("/home");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByText("SOP HANDLING")).toBeVisible();
  for (const hidden of ["SPARES", "AMC", "RACKS", "SETTINGS"])
    await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Notifications/ })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Quick actions" }).getByRole("link")).toHaveText([
    "SOP formats",
  ]);

  const lorry = uniqueName("KA01");
  await page.goto("/AS11");
  await page.getByLabel(/^Date( \*)?$/).fill("2026-11-20");
  await page.getByLabel(/^Box lorry number( \*)?$/).fill(lorry);
  await page.getByLabel(/^Transporter( \*)?$/).fill("Gate shift transport");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // No checklist item answered: the form asks once before saving.
  await page.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByText("Form saved successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}$/);
  await expect(page.locator(".sop-sheet")).toContainText(lorry);
  await expect(page.getByText(`saved by ${guard.email}`)).toBeVisible();
  // Their own record of today: they may still correct it.
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();

  for (const path of ["/amc", "/products"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByText("Your role (Guard) cannot open this page.")).toBeVisible();
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/home$/);
  }
});

test("a viewer opens and prints a list, sees no Insert, Update or Delete, and a forged save answers 403", async ({
  page,
  login,
}) => {
  // A contract to look at, added by staff through the API.
  await login("staff");
  const equipment = uniqueName("Viewer pump");
  const added = await page.request.post("/api/equipment/add", {
    data: {
      equipment,
      company: "Kirloskar",
      validity: { from: "2026-04-01", to: "2027-03-31" },
      pms: "Quarterly",
    },
    headers: { origin: baseURL },
  });
  expect(added.status()).toBe(201);
  const { _id: id } = ((await added.json()) as { newEquipment: { _id: string } }).newEquipment;

  await login("viewer");
  await page.goto(`/amc?q=${encodeURIComponent(equipment)}`);
  await expect(page.getByRole("heading", { name: "Annual Maintenance Contract" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: equipment });
  await expect(row).toBeVisible();
  await expect(page.getByRole("link", { name: /^(Insert New Line|Update|Delete)/ })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: /^(Update|Delete)$/ })).toHaveCount(0);

  await page.getByRole("link", { name: "Print contracts" }).click();
  await expect(page).toHaveURL(/\/amc\/print\?q=/);
  await expect(page.getByRole("row").filter({ hasText: equipment })).toBeVisible();

  // The server refuses what the page does not offer: a hand-made form post, as a browser sends it.
  const forged = await page.request.post("/amcinsert", {
    form: {
      equipment: uniqueName("Forged"),
      company: "X",
      validityFrom: "2026-04-01",
      validityTo: "2027-03-31",
      pms: "Quarterly",
    },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("Your role (Viewer) cannot make this change.");
  const forgedDelete = await page.request.post(`/amc/${id}/delete`, {
    form: {},
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(forgedDelete.status()).toBe(403);
  await page.goto(`/amc?q=${encodeURIComponent(equipment)}`);
  await expect(page.getByRole("row").filter({ hasText: equipment })).toBeVisible();
});
