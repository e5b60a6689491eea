import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { pageMessages } from "#app/i18n/catalogues.server.ts";
import { MESSAGE_PATTERN_KEYS, translateMessage } from "#app/i18n/messages.ts";

// The form kit's messages built around a label, a date or a number: each pattern's key is in the
// shared namespace of every language, and the label inside comes from the page's own namespace.

const locales = join(import.meta.dirname, "locales");
const catalogues = ["hi.json"].map((file) => ({
  file,
  messages: (
    JSON.parse(readFileSync(join(locales, file), "utf8")) as {
      messages: Record<string, Record<string, string>>;
    }
  ).messages,
}));

/** A page's translator as the root loader makes it: "common" and a format's own namespace. */
const translate = (code: string) => {
  const i18n = setupI18n({
    locale: code,
    messages: { [code]: pageMessages(code, ["common", "AS09"]) },
    missing: (_locale, id) => id,
  });
  return i18n._.bind(i18n);
};
const hindi = translate("hi");

describe("a form's messages in the page's language", () => {
  it.each(catalogues)("$file holds every pattern in 'common'", ({ messages }) => {
    expect(MESSAGE_PATTERN_KEYS.filter((key) => !messages.common?.[key])).toEqual([]);
  });

  it.each([
    ["Vehicle number is required.", "गाड़ी नंबर ज़रूरी है।"],
    ["Vehicle number must be a number.", "गाड़ी नंबर एक संख्या होनी चाहिए।"],
    [
      "Date in must be between 01/01/2000 and 26/11/2027.",
      "अंदर आने की तारीख 01/01/2000 और 26/11/2027 के बीच होनी चाहिए।",
    ],
    ["At most 120 characters.", "ज़्यादा से ज़्यादा 120 अक्षर।"],
  ])("%s reads %s", (english, expected) => {
    expect(translateMessage(hindi, english)).toBe(expected);
  });

  it.each([
    ["Quantity issued must be more than zero.", "इश्यू की गई मात्रा में शून्य से ज़्यादा लिखें।"],
    ["Counted stock cannot be below zero.", "गिना गया स्टॉक में शून्य से कम नहीं लिखा जा सकता।"],
    ["Only 3 in stock on 21/11/2026.", "21/11/2026 को स्टॉक में सिर्फ़ 3 है।"],
    ["Serial number 12 already exists in FireFight.", "क्रम संख्या 12 फ़ायर फ़ाइट में पहले से है।"],
  ])("on a stock page, %s reads %s", (english, expected) => {
    const i18n = setupI18n({
      locale: "hi",
      messages: { hi: pageMessages("hi", ["common", "spares", "stock"]) },
      missing: (_locale, id) => id,
    });
    expect(translateMessage(i18n._.bind(i18n), english)).toBe(expected);
  });

  it("leaves a message no catalogue holds, and every message in English, as it is", () => {
    expect(translateMessage(hindi, "Something nobody wrote down.")).toBe("Something nobody wrote down.");
    expect(translateMessage(translate("en"), "Vehicle number is required.")).toBe(
      "Vehicle number is required.",
    );
  });
});
