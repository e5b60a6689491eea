import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  catalogueNamespaces,
  compile,
  isLanguage,
  languages,
  PSEUDO_LANGUAGE,
  pageMessages,
} from "#app/i18n/catalogues.server.ts";
import hindi from "#app/i18n/locales/hi.json";
import { namespacesOfPages } from "#app/i18n/namespaces.server.ts";
import { translateWith, translator } from "#app/i18n/provider.tsx";
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

  describe("a plural's figure", () => {
    afterEach(() => vi.restoreAllMocks());
    const lines = "{count, plural, one {# line} other {# lines of {total}}}";
    const words = (code: string, locale: string) =>
      translateWith(translator({ code, locale }, pageMessages(code, catalogueNamespaces())));

    it("is written as the pages write figures (1,00,000), in either language", () => {
      const english = translateWith(translator({ code: "en", locale: "en-IN" }, { [lines]: compile(lines) }));
      expect(english(lines, { count: 100000, total: 250000 })).toBe("1,00,000 lines of 250000");
      expect(english(lines, { count: 1, total: 1 })).toBe("1 line");
      const sop = "{count, plural, one {# item left unanswered} other {# items left unanswered}}";
      expect(words("hi", "hi-IN")(sop, { count: 123456 })).toBe("1,23,456 आइटम का जवाब नहीं दिया गया");
      expect(words("en", "en-IN")(sop, { count: 1 })).toBe("1 item left unanswered");
    });

    it("is not written by Intl, whose first number format costs the terminal's page ~65 ms", () => {
      const made = vi.spyOn(Intl, "NumberFormat");
      const sop = "{count, plural, one {# item left unanswered} other {# items left unanswered}}";
      for (const [code, locale] of [
        ["en", "en-IN"],
        ["hi", "hi-IN"],
      ] as const)
        for (const count of [0, 1, 2, 1000, 100000]) words(code, locale)(sop, { count });
      expect(made).not.toHaveBeenCalled();
    });

    it("keeps Lingui's own where a plural has an offset, and a # in a select as text", () => {
      const english = (message: string) =>
        translateWith(translator({ code: "en", locale: "en-IN" }, { [message]: compile(message) }));
      const offset = "{count, plural, offset:1 one {you} other {you and # others}}";
      expect(english(offset)(offset, { count: 3 })).toBe("you and 2 others");
      const nested = "{count, plural, other {{kind, select, a {# as typed} other {# lines}}}}";
      expect(english(nested)(nested, { count: 5, kind: "a" })).toBe("# as typed");
    });
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
