import type { Locator, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { accountIn, expect, signIn, test, uniqueName } from "./fixtures.ts";

// The frame of every signed-in page, the list kit and Today for a person who reads Hindi (issue
// 37): their choice is kept with them (users.language), so the pages come in Hindi with or without
// JavaScript; format codes, AMC and the dates stay as the plant writes them.

/** A staff account whose language is Hindi. */
const hindiAccount = () => accountIn("hi");

test("the shell, Today, a list page and the 404 page in Hindi", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, await hindiAccount());
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("link", { name: "मुख्य भाग पर जाएँ" })).toBeAttached();
  const nav = page.getByRole("navigation", { name: "मुख्य" });
  await nav.getByText("SOP हैंडलिंग", { exact: true }).click();
  await nav.getByText("SOP एडमिन और सुरक्षा फ़ॉर्मेट", { exact: true }).click();
  // The format's code stays as it is printed on the paper.
  await expect(nav.getByRole("link", { name: "AS09 पैक्ड लॉरी आवक/जावक रजिस्टर" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "लॉग आउट" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^आज, \d\d\/\d\d\/\d{4}$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /शिफ़्ट के रिकॉर्ड नहीं भरे/ })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("heading", { name: "संपर्क" })).toBeVisible();

  // No English word of the shell's own is left: what stays in Latin letters is the plant's (its
  // name, the company, the person's e-mail) or what the floor says in English.
  const plant = (await page.locator(".brand").innerText()).trim();
  const company = (await page.getByRole("contentinfo").locator("address strong").innerText()).trim();
  // Every text of the frame, the closed menus' and the screen readers' only ones too.
  const frame = [
    await page.locator("header.topbar").textContent(),
    await page.locator(".banner").textContent(),
    await page.getByRole("contentinfo").textContent(),
  ].join(" ");
  const left = frame
    .replaceAll(plant, "")
    .replaceAll(company, "")
    // The banner's web address and the footer's e-mail: what an admin typed on /settings.
    .replace(/\b[\w.-]+(?:@[\w-]+)?(?:\.[\w-]+)+\b/g, "")
    .replace(/\b(?:PlantOps|AMC|SOP|LPG|AS\d\d|WhatsApp|in|f)\b/g, "")
    .match(/[A-Za-z]{2,}/g);
  expect(left).toBeNull();

  await page.goto("/products/Electrician");
  await expect(page.getByRole("columnheader", { name: "क्रम संख्या" })).toBeVisible();
  await expect(page.getByLabel("हर पेज पर पंक्तियाँ")).toBeVisible();

  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "पेज नहीं मिला" })).toBeVisible();
  await expect(page.getByText("इस पते पर कोई पेज नहीं है।")).toBeVisible();
});

test("the Hindi pages keep 0 axe violations", async ({ page, js }) => {
  test.skip(!js, "axe-core runs in the page as a script");
  test.setTimeout(180_000);
  await signIn(page, await hindiAccount());
  const found: string[] = [];
  for (const path of ["/home", "/home/print", "/products/Electrician", "/alerts", "/no-such-page"]) {
    await page.goto(path);
    found.push(...(await axeViolations(page)));
  }
  expect(found).toEqual([]);
});

/** The fonts Chromium drew an element's text with (its platform fonts' names). */
async function drawnWith(page: Page, element: Locator): Promise<string[]> {
  await element.evaluate((node) => {
    (node as HTMLElement).dataset.probe = "fonts";
  });
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: "[data-probe=fonts]",
    });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await element.evaluate((node) => {
      delete (node as HTMLElement).dataset.probe;
    });
    await cdp.detach();
  }
}

test("Devanagari is drawn in Noto Sans Devanagari wherever the language is Hindi and in typed boxes, Latin text in the system font; Hindi pages preload the font, fetched once", async ({
  page,
}) => {
  // This machine, like a terminal without Indian fonts, has no Devanagari font of its own: the
  // English sign-in page's switch named "हिन्दी" in boxes until the font was there for every page.
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await drawnWith(page, page.getByRole("button", { name: "हिन्दी" }))).toEqual([
    "Noto Sans Devanagari",
  ]);

  // An English page preloads nothing: the font is fetched only for a Devanagari character it draws.
  await signIn(page, await accountIn("en"));
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  // Its text is the system's fonts: a web font first in the list is consulted for every character,
  // and an English page without Devanagari took up to half as long again to lay out (docs/performance.md).
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^system-ui,/);
  // What a person types may be Hindi on an English page too: the boxes draw it in the font.
  const typed = "अग्निशमन पंप";
  await page.goto(`/amc?q=${encodeURIComponent(typed)}`);
  const box = page.getByRole("searchbox", { name: "Search contracts" });
  await expect(box).toHaveValue(typed);
  // (Chromium names no font for a box's text, drawn in its own shadow tree: the face's load shows it.)
  expect(await box.evaluate((input) => getComputedStyle(input).fontFamily)).toMatch(
    /^"Noto Sans Devanagari",/,
  );
  const regular = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].find(
      (face) => face.family.includes("Noto Sans Devanagari") && face.weight === "400",
    )?.status;
  });
  expect(regular).toBe("loaded");

  // Preloaded, the font is there when a Hindi page is first laid out: without it, the page was
  // laid out and its Hindi shaped twice (in a fallback font, then again when the font came). A
  // preload the stylesheet's @font-face does not match (another file, no crossorigin) would fetch
  // the file twice.
  await page.context().clearCookies();
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (/noto-sans-devanagari/.test(request.url())) fonts.push(new URL(request.url()).pathname);
  });
  await signIn(page, await hindiAccount());
  const equipment = uniqueName("Fire pump set");
  const added = await page.request.post("/api/equipment/add", {
    data: {
      equipment,
      company: "Kirloskar",
      pms: "Monthly",
      validity: { from: "2026-04-01", to: "2049-03-31" },
    },
    headers: { origin: baseURL },
  });
  expect(added.status()).toBe(201);
  await page.goto(`/amc?q=${encodeURIComponent(equipment)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const preloaded = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname).sort());
  expect(preloaded).toHaveLength(2);
  const faces = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replaceAll('"', "") === "Noto Sans Devanagari")
      .map((face) => `${face.weight} ${face.status}`)
      .sort();
  });
  expect(faces).toEqual(["400 loaded", "700 loaded"]);
  // Fetched at most once each (the cache may have kept them from the sign-in page), never beside the preload.
  expect(fonts.filter((font) => !preloaded.includes(font))).toEqual([]);
  expect(new Set(fonts).size).toBe(fonts.length);

  // The equipment's name is Latin letters and spaces: a face without a unicode-range (as
  // @fontsource's per-subset files declare it) was tried first for every character and drew the
  // spaces, which its file holds.
  expect(await drawnWith(page, page.getByRole("heading", { level: 1 }))).toContain("Noto Sans Devanagari");
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
    /^"Noto Sans Devanagari",/,
  );
  const latin = await drawnWith(page, page.getByRole("cell", { name: equipment, exact: true }));
  expect(latin.length).toBeGreaterThan(0);
  expect(latin).not.toContain("Noto Sans Devanagari");
});
