import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import {
  catalogueNamespaces,
  isLanguage,
  languages,
  PSEUDO_LANGUAGE,
  pageMessages,
} from "#app/i18n/catalogues.server.ts";
import hindi from "#app/i18n/locales/hi.json";
import { namespacesOfPages } from "#app/i18n/namespaces.server.ts";
import { translator } from "#app/i18n/provider.tsx";
import { pages } from "#app/pages.ts";

// The catalogues: every message a valid ICU message keeping its English's placeholders, a page
// sent only what its namespaces hold, and English the fallback for anything untranslated.

type Token = string | [string, string?, unknown?];

/** The names of a message's arguments, plural and select branches included, once each. */
function placeholders(message: string) {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === "string") continue;
      const [name, , format] = token;
      names.add(name);
      if (format && typeof format === "object")
        for (const [choice, branch] of Object.entries(format))
          if (choice !== "offset" && Array.isArray(branch)) walk(branch as Token[]);
    }
  };
  walk(compileMessageOrThrow(message) as Token[]);
  return [...names].sort();
}

describe("the catalogues", () => {
  it("list English first, then the others named in themselves", () => {
    expect(languages().map(({ code, name }) => [code, name])).toEqual([
      ["en", "English"],
      ["hi", "हिन्दी"],
    ]);
    expect(isLanguage("hi")).toBe(true);
    expect(isLanguage("fr")).toBe(false);
    expect(isLanguage(PSEUDO_LANGUAGE)).toBe(false);
  });

  it("hold valid messages that keep every placeholder of their English", () => {
    for (const [namespace, messages] of Object.entries(hindi.messages)) {
      for (const [english, translated] of Object.entries(messages as Record<string, string>)) {
        expect(() => compileMessageOrThrow(english), `${namespace}: ${english}`).not.toThrow();
        expect(() => compileMessageOrThrow(translated), `${namespace}: ${english}`).not.toThrow();
        expect(placeholders(translated), `${namespace}: ${english}`).toEqual(placeholders(english));
        expect(translated.trim(), `${namespace}: ${english}`).not.toBe("");
      }
    }
  });

  it("send a page its namespaces' words only, in its language", () => {
    const auth = pageMessages("hi", ["common", "auth"]);
    expect(auth["Sign in"]).toBeDefined();
    expect(translator({ code: "hi", locale: "hi-IN" }, auth).t("Sign in")).toBe("साइन इन");
    // Another namespace's words are not sent.
    const commonOnly = pageMessages("hi", ["common"]);
    expect(commonOnly["Sign in"]).toBeUndefined();
    expect(translator({ code: "hi", locale: "hi-IN" }, commonOnly).t("Sign in")).toBe("Sign in");
    // English needs no catalogue: its words are the keys.
    expect(Object.keys(pageMessages("en", catalogueNamespaces())).every((key) => key.includes("{"))).toBe(
      true,
    );
  });

  it("fall back to English, never a key name, with placeholders filled in", () => {
    const english = translator({ code: "hi", locale: "hi-IN" }, {});
    expect(english.t("Not in any catalogue")).toBe("Not in any catalogue");
    const withValues = translator(
      { code: "hi", locale: "hi-IN" },
      { "{count, plural, one {# line} other {# lines}}": compileMessageOrThrow("{count} पंक्तियाँ") },
    );
    expect(withValues.t("{count, plural, one {# line} other {# lines}}", { count: 3 })).toBe("3 पंक्तियाँ");
  });

  it("mark every word in the pseudo-language, so a check can find what is not translated", () => {
    const pseudo = translator(
      { code: PSEUDO_LANGUAGE, locale: "en-IN" },
      pageMessages(PSEUDO_LANGUAGE, ["auth"]),
    );
    expect(pseudo.t("Sign in")).toBe("⟦Sign in⟧");
  });
});

describe("a page's namespaces", () => {
  const of = namespacesOfPages(pages);
  it.each([
    ["/login", ["common", "auth"]],
    ["/", ["common", "auth"]],
    ["/register", ["common", "registration", "auth"]],
    ["/home", ["common", "shell", "contracts", "home"]],
    ["/products/Electrician", ["common", "shell", "spares", "stock"]],
    // An optional segment ("insertproducts/:rackNumber?"): the page with it and without it.
    ["/insertproducts", ["common", "shell", "store-racks", "stock"]],
    ["/insertproducts/7", ["common", "shell", "store-racks", "stock"]],
    ["/stock/report", ["common", "shell", "ledger", "stock", "charts"]],
    ["/AS09", ["common", "shell", "sop", "AS09"]],
    ["/as09/records/4/print", ["common", "shell", "sop", "AS09"]],
  ])("%s gets %j", (path, expected) => {
    expect(of(path)).toEqual(expect.arrayContaining(expected));
  });
  it("are common alone for an address no page answers", () => {
    expect(of("/no/such/page/here/at/all")).toContain("common");
  });
});
