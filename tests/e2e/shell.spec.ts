import { amcMenu, racksMenu, sopFormatsMenu, sparesMenu } from "#app/shell/menus.ts";
import { baseURL } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

const menus = [
  { menu: "SPARES", links: sparesMenu },
  { menu: "AMC", links: amcMenu },
  { menu: "RACKS", links: racksMenu },
];

test.describe("navigation bar", () => {
  // One walk through every menu link (each link's own test cost a sign-in and a page load apiece).
  test("every SPARES, AMC and RACKS menu link goes to its page", async ({ page, login }) => {
    await login("staff");
    await page.goto("/home");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const { menu, links } of menus) {
      for (const link of links) {
        await nav.getByText(menu, { exact: true }).click();
        await nav.getByRole("link", { name: link.label, exact: true }).click();
        await expect(page, `${menu} → ${link.label}`).toHaveURL(new RegExp(`${link.to}$`));
        await expect(nav).toBeVisible();
      }
    }
  });

  test("SOP HANDLING → SOP ADMIN & SECURITY FORMATS lists every format in the paper's order", async ({
    page,
    login,
  }) => {
    await login("staff");
    await page.goto("/home");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByText("SOP HANDLING", { exact: true }).click();
    await nav.getByText("SOP ADMIN & SECURITY FORMATS", { exact: true }).click();
    const labels = sopFormatsMenu.map((link) => link.label);
    for (const label of labels) await expect(nav.getByRole("link", { name: label })).toBeVisible();
    expect(labels.map((label) => label.slice(0, 4))).toEqual([
      "AS11",
      "AS10",
      "AS09",
      "AS08",
      "AS06",
      "AS12",
      "AS14",
      "AS15",
      "AS16",
      "AS17",
    ]);
    await nav.getByRole("link", { name: sopFormatsMenu[0].label }).click();
    await expect(page).toHaveURL(/\/AS11$/);
  });

  test("menus open from the keyboard", async ({ page, login, js }) => {
    test.skip(!js, "keyboard focus behaviour is the same native <details> without JavaScript");
    await login("staff");
    await page.goto("/home");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByText("RACKS", { exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Store Racks" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Store Racks" })).toBeHidden();
  });

  test("the title goes home, the banner shows the plant and can be stopped, and the bell has no badge without alerts", async ({
    page,
    login,
  }) => {
    await login("staff");
    await page.goto("/settings");
    await page
      .getByRole("link", { name: /LPG Bottling Plant/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("marquee")).toContainText("LPG Bottling Plant");

    // WCAG 2.2.2: the moving banner stops under the pointer, and stays stopped while its checkbox is
    // checked, with the pointer and the focus elsewhere (plain CSS, so JavaScript off too).
    const track = page.locator(".banner-track");
    const elsewhere = () => page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(track).toHaveCSS("animation-play-state", "running");
    await page.getByRole("marquee").hover();
    await expect(track).toHaveCSS("animation-play-state", "paused");
    await page.getByLabel("Stop scrolling").check();
    await elsewhere();
    await expect(track).toHaveCSS("animation-play-state", "paused");
    await page.getByLabel("Stop scrolling").uncheck();
    await elsewhere();
    await expect(track).toHaveCSS("animation-play-state", "running");
    await expect(page.getByRole("link", { name: "Notifications" })).toBeVisible();
  });

  test("with JavaScript, a page whose data comes back unreadable (the server's 503 while its database is away) says so and tries again with a full load", async ({
    page,
    login,
    js,
  }) => {
    test.skip(
      !js,
      "without JavaScript every page is a full load: the server's own 503 page (tests/integration/server-app.test.ts)",
    );
    await login("staff");
    await page.goto("/home");
    // What server/app.ts answers a page's .data request while PostgreSQL is away: its plain HTML 503.
    await page.route(/\.data(\?|$)/, (route) =>
      route.fulfill({
        status: 503,
        contentType: "text/html; charset=utf-8",
        headers: { "retry-after": "30" },
        body: "<!doctype html><html><body><h1>Not available just now</h1></body></html>",
      }),
    );
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByText("AMC", { exact: true }).click();
    await nav.getByRole("link", { name: amcMenu[0].label, exact: true }).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Not available just now" })).toBeVisible();
    await expect(main).toContainText("The database is not answering; try again in a minute.");
    await expect(main).not.toContainText("Something went wrong");
    await page.unroute(/\.data(\?|$)/);
    await main.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(new RegExp(`${amcMenu[0].to}$`));
    await expect(main.getByRole("heading", { name: "Not available just now" })).toBeHidden();
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an unknown address shows the 404 page inside the shell", async ({ page, login }) => {
    await login("staff");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("fits a 360 px phone screen without sideways scrolling", async ({ page, login }) => {
    await login("staff");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/home");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The navbar is folded to one line (issue 30): Logout is behind Menu.
    await page.getByRole("navigation", { name: "Main" }).getByText("Menu", { exact: true }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });
});

test.describe("settings", () => {
  test("staff cannot open the settings page", async ({ page, login }) => {
    await login("staff");
    const response = await page.goto("/settings");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SETTINGS" }),
    ).toHaveCount(0);
  });

  test("the admin sets the banner's web address and the footer's contacts", async ({ page, login }) => {
    await login("admin");
    await page.goto("/settings");
    await page.getByLabel("Web address (scrolling banner)").fill("www.plant-e2e.test");
    await page.getByLabel("Phone").fill("0891 234 5678");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await expect(page.getByRole("marquee")).toContainText("www.plant-e2e.test");
    await expect(page.getByRole("contentinfo")).toContainText("0891 234 5678");
    // A wrong value comes back with the message and the typed text kept.
    await page.getByLabel("Due-soon window (days)").fill("-3");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("At least 0 days.")).toBeVisible();
    await expect(page.getByLabel("Due-soon window (days)")).toHaveValue("-3");
  });

  test("without SMTP the settings page says e-mail is off, a test e-mail is refused, and the outbox opens", async ({
    page,
    login,
  }) => {
    await login("admin");
    await page.goto("/settings");
    const mail = page.getByRole("region", { name: "E-mail" });
    await expect(mail).toContainText("SMTP_URL is not set");
    await mail.getByLabel("Send a test e-mail to").fill("someone@plant-e2e.test");
    await mail.getByRole("button", { name: "Send a test e-mail" }).click();
    await expect(mail.getByText("reminders are shown in the app only").first()).toBeVisible();
    await expect(mail.getByLabel("Send a test e-mail to")).toHaveValue("someone@plant-e2e.test");
    await mail.getByRole("link", { name: "Outbox" }).click();
    await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Outbox" })).toBeVisible();
  });
});

test("on /account a person chooses the daily reminders their role may have", async ({ page, login }) => {
  await login("staff");
  await page.goto("/account");
  const choices = page.getByRole("group", { name: "Daily reminders by e-mail" });
  await choices.getByLabel("Spares lines at or below minimum stock").check();
  await choices.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Reminder choices saved.")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("group", { name: "Daily reminders by e-mail" })
      .getByLabel("Spares lines at or below minimum stock"),
  ).toBeChecked();
});

test("pages carry the security headers, and Remix's scripts run under the CSP nonce", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const response = await page.goto("/home");
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toMatch(/^[\w-]+$/);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const html = (await response?.text()) ?? "";
  // Every inline script carries this response's nonce.
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  if (js) {
    // Hydrated: the menus react to Escape only with JavaScript running.
    await page.getByRole("navigation", { name: "Main" }).getByText("AMC", { exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(
      page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Annual Maintenance Contracts" }),
    ).toBeHidden();
  }
});

test("the page's icon is a PNG the server sends: an SVG icon was parsed on the main thread after every search", async ({
  page,
  login,
}) => {
  await login("staff");
  await page.goto("/home");
  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveCount(1);
  await expect(icon).toHaveAttribute("type", "image/png");
  const response = await page.request.get((await icon.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  // The PNG signature.
  expect([...(await response.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

test("the bell on an inventory page shows the AMC alerts: a dialog with JavaScript, the alerts page without", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const equipment = `Bell check ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/equipment/add", {
    data: {
      equipment,
      company: "Pumps Ltd",
      validity: { from: "2025-01-01", to: "2025-12-31" },
      pms: "Monthly",
      mobileNumber: "9876543210",
      nextDueDate: "2025-06-15",
    },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  await page.goto("/products");
  const bell = page.getByRole("link", { name: /^Notifications: \d+ AMC alerts?$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const scope = js ? page.getByRole("dialog", { name: "Notifications" }) : page.getByRole("main");
  if (!js) await expect(page).toHaveURL(/\/alerts$/);
  await expect(scope).toContainText("AMC exceeds for the equipment with Next Due Date: 15/06/2025");
  const send = scope.getByRole("link", { name: "Send WhatsApp Message" }).first();
  await expect(send).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  if (js) {
    await scope.getByRole("button", { name: "Close" }).click();
    await expect(scope).toBeHidden();
  }
});

test("pages hydrate without asking Intl for a number format: a tab's first one cost the terminal ~65 ms", async ({
  page,
  login,
  js,
}) => {
  test.skip(!js, "nothing runs in the page without JavaScript");
  await login("admin");
  // Counts, from before the page's own scripts, every number format made and every figure
  // written by toLocaleString (which makes one).
  await page.addInitScript(() => {
    const made: string[] = [];
    Object.defineProperty(window, "__numberFormats", { value: made });
    const NumberFormat = Intl.NumberFormat;
    Intl.NumberFormat = new Proxy(NumberFormat, {
      construct(target, args) {
        made.push(`NumberFormat(${JSON.stringify(args)})`);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        made.push(`NumberFormat(${JSON.stringify(args)})`);
        return Reflect.apply(target, self, args);
      },
    });
    const numberToText = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = function (this: number, ...args: []) {
      made.push(`toLocaleString(${this})`);
      return numberToText.apply(this, args);
    };
  });
  // Pages whose words have plurals and figures ("# lines", a list's "of 1,000" and pager).
  for (const path of ["/home", "/products/Electrician", "/amc", "/about", "/settings", "/audit"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "1");
    await expect(page.locator("main h1").first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __numberFormats: string[] }).__numberFormats),
      path,
    ).toEqual([]);
  }
});

test("pages draw their text in the type scale's sizes and two weights: each other size or weight costs a new tab a font lookup", async ({
  page,
  login,
  js,
}) => {
  test.skip(!js, "the stylesheets are the same with JavaScript off");
  await login("admin");
  for (const path of [
    "/home",
    "/settings",
    "/account",
    "/alerts",
    "/amc",
    "/products",
    "/products/Electrician",
    "/about",
    "/rackadmin",
    "/adminandsecurity",
    "/AS11",
    "/as15/records",
    "/audit",
  ]) {
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();
    const { allowed, drawn } = await page.evaluate(() => {
      // The scale's sizes as this screen resolves them: the body's and each --text-* property's.
      const probe = document.createElement("span");
      document.body.append(probe);
      const allowed = [getComputedStyle(document.body).fontSize];
      for (const name of ["small", "note", "lead", "h2", "h1", "hero"]) {
        probe.style.fontSize = `var(--text-${name})`;
        allowed.push(getComputedStyle(probe).fontSize);
      }
      probe.remove();
      // Every shown element with text of its own, and every control.
      const drawn = new Map<string, string>();
      for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
        const hasText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!hasText && !element.matches("input, select, textarea, button")) continue;
        if (element.getClientRects().length === 0) continue;
        const style = getComputedStyle(element);
        const key = `${style.fontSize} ${style.fontWeight}`;
        if (!drawn.has(key)) drawn.set(key, element.outerHTML.slice(0, 80));
      }
      return { allowed, drawn: [...drawn] };
    });
    // Each property resolves to a size of its own (one that is missing falls back to the body's).
    expect(new Set(allowed).size, `${path}: ${allowed.join(", ")}`).toBe(allowed.length);
    for (const [key, example] of drawn) {
      const [size, weight] = key.split(" ");
      expect(allowed, `${path}: ${example}`).toContain(size);
      expect(["400", "700"], `${path}: ${example}`).toContain(weight);
    }
  }
});
