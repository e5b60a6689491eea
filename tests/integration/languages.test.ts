import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { action as switchLanguage } from "#app/i18n/routes/language.ts";
import { loader as rootLoader } from "#app/root.tsx";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { action as settingsAction } from "#app/settings/routes/settings.tsx";
import { action as accountAction } from "#app/users/routes/account.tsx";
import { buildRequest, cookiesFrom, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// The language a page is shown in (issue 37): a signed-in person's own choice, else this terminal's
// switch, else the plant's default; signed out: the switch (a cookie), else the browser's
// Accept-Language, else the plant's default. The root sends the page's words in that language.

type Root = { language: { code: string }; messages: Record<string, unknown>; languages: { code: string }[] };

async function root(path: string, options: Parameters<typeof buildRequest>[1] = {}) {
  const response = await run(rootLoader, buildRequest(path, options));
  expect(response.status).toBe(200);
  return (await response.json()) as Root;
}

let admin: { email: string; cookie: string };
let person: { email: string; cookie: string };
beforeAll(async () => {
  // The first account of a test file's database is its admin.
  admin = await signedInUser();
  person = await signedInUser();
});

describe("the language of a page", () => {
  it("is the plant's default for a browser that asks for none, and English out of the box", async () => {
    const page = await root("/login");
    expect(page.language.code).toBe("en");
    expect(page.languages.map((language) => language.code)).toEqual(["en", "hi"]);
  });

  it("follows the browser's Accept-Language when signed out, with the page's Hindi words", async () => {
    const page = await root("/login", { headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" } });
    expect(page.language.code).toBe("hi");
    expect(page.messages["Sign in"]).toBeDefined();
    // Only the sign-in page's namespaces: no SOP format's words.
    expect(Object.keys(page.messages).length).toBeLessThan(200);
    expect((await root("/login", { headers: { "accept-language": "fr, de" } })).language.code).toBe("en");
  });

  it("is the switch's choice over Accept-Language, kept in a cookie, back to the page it came from", async () => {
    const response = await run(
      switchLanguage,
      buildRequest("/language", { form: { language: "hi", back: "/login?redirectTo=%2Fabout" } }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fabout");
    const cookie = cookiesFrom(response);
    const page = await root("/login", { cookie, headers: { "accept-language": "en" } });
    expect(page.language.code).toBe("hi");
    // A language we do not have, or an address elsewhere, changes nothing.
    const refused = await run(
      switchLanguage,
      buildRequest("/language", { form: { language: "xx", back: "https://evil.example/" } }),
    );
    expect(refused.headers.get("location")).toBe("/");
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it("is a signed-in person's own choice on /account, kept with the person, not the terminal", async () => {
    expect((await root("/home", { cookie: person.cookie })).language.code).toBe("en");
    const saved = await run(
      accountAction,
      buildRequest("/account", { cookie: person.cookie, form: { intent: "language", language: "hi" } }),
    );
    expect(saved.status).toBe(302);
    const [row] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, person.email));
    expect(row?.language).toBe("hi");
    expect(
      (await root("/home", { cookie: person.cookie, headers: { "accept-language": "en" } })).language.code,
    ).toBe("hi");
    const refused = await run(
      accountAction,
      buildRequest("/account", { cookie: person.cookie, form: { intent: "language", language: "klingon" } }),
    );
    expect(refused.status).toBe(400);
    // Back to the plant's language.
    await run(
      accountAction,
      buildRequest("/account", { cookie: person.cookie, form: { intent: "language", language: "" } }),
    );
    expect((await root("/home", { cookie: person.cookie })).language.code).toBe("en");
  });

  it("is the plant's default from /settings for everyone who has not chosen", async () => {
    const settings = await getPlantSettings(db);
    const form = {
      plantName: settings.plantName,
      companyName: settings.companyName,
      dueSoonDays: String(settings.dueSoonDays),
      reminderOffsets: settings.reminderOffsets.join(", "),
      digestTime: settings.digestTime,
      shiftTimes: settings.shiftTimes.join(", "),
    };
    const refused = await run(
      settingsAction,
      buildRequest("/settings", { cookie: admin.cookie, form: { ...form, language: "xx" } }),
    );
    expect(refused.status).toBe(400);
    const saved = await run(
      settingsAction,
      buildRequest("/settings", { cookie: admin.cookie, form: { ...form, language: "hi" } }),
    );
    expect(saved.status).toBe(302);
    expect((await root("/home", { cookie: person.cookie })).language.code).toBe("hi");
    expect((await root("/login")).language.code).toBe("hi");
    await run(
      settingsAction,
      buildRequest("/settings", { cookie: admin.cookie, form: { ...form, language: "en" } }),
    );
    expect((await root("/login")).language.code).toBe("en");
  });
});
