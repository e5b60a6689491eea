import { findFormat } from "#app/sop/formats/index.ts";
import { baseURL, REGISTRATION_CODE } from "../../playwright.config.ts";
import { sampleRecord } from "../support/sop-sample.ts";
import {
  ADMIN,
  expect,
  PASSWORD,
  registerAccount,
  signIn,
  test,
  uniqueEmail,
  uniqueName,
} from "./fixtures.ts";

test.describe("registration", () => {
  test("refuses a wrong security code, then registers with the right one", async ({ page }) => {
    const email = uniqueEmail("newcomer");
    await page.goto("/register");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await page.getByLabel("Name").fill("New Comer");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Security code").fill("WRONG-CODE");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid security code");
    // The form comes back with the name and e-mail kept.
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await expect(page.getByLabel("Name")).toHaveValue("New Comer");

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Security code").fill(REGISTRATION_CODE);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("User registered successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("says why when the e-mail is already registered", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Security code").fill(REGISTRATION_CODE);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Error registering user: An account with this e-mail already exists",
    );
  });

  test("takes a name and the code in lower case with a space; records show the name", async ({ page }) => {
    const account = { email: uniqueEmail("named"), password: PASSWORD };
    const name = uniqueName("Asha Patil");
    await page.goto("/register");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Security code").fill(`${REGISTRATION_CODE.toLowerCase()} `);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("User registered successfully!")).toBeVisible();

    await signIn(page, account);
    const definition = findFormat("AS12")!;
    const saved = await page.request.post("/api/sop/AS12", {
      headers: { origin: baseURL },
      data: sampleRecord(definition, uniqueName("AS12")),
    });
    expect(saved.status()).toBe(201);
    const { _id } = (await saved.json()) as { _id: string };
    await page.goto(`/as12/records/${_id}`);
    await expect(page.getByText(`saved by ${name} on`)).toBeVisible();
    await page.goto(`/as12/records?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  });

  test("links back to sign-in", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Register" })).toBeVisible();
  });
});

test.describe("sign-in", () => {
  test("refuses a wrong password, then signs in to the home page", async ({ page }) => {
    const account = { email: uniqueEmail(), password: PASSWORD };
    await registerAccount(page.request, account);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page.getByLabel("E-mail")).toHaveValue(account.email);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("a shared terminal's sign-in ends with the browser (session cookie)", async ({ page, context }) => {
    const account = { email: uniqueEmail("terminal"), password: PASSWORD };
    await registerAccount(page.request, account);
    await page.goto("/");
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("This is a shared terminal").check();
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/home$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === "plantops_session");
    expect(session?.httpOnly).toBe(true);
    // -1: no Expires/Max-Age, the browser drops it when it closes.
    expect(session?.expires).toBe(-1);
  });

  test("a guarded page sends to sign-in, then back to that page", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  });

  test("logout ends the session and goes to the sign-in page", async ({ page, staffAccount }) => {
    // A session of its own: the worker's shared staff session must outlive this test.
    await signIn(page, staffAccount);
    await page.goto("/home");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
  });
});
