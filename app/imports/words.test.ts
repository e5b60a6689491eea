import { describe, expect, it } from "vitest";
import { contractRecord } from "#app/contracts/record.ts";
import { PMS_CHOICES } from "#app/contracts/rules.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { messages as fileMessages } from "#app/file-index/rules.ts";
import { wordsIn } from "#app/i18n/words.server.ts";
import { IMPORT_PATTERN_KEYS, importMessage } from "#app/imports/words.ts";
import { dateMessages, importMessages, readNotes } from "#app/spreadsheets/import-rules.ts";
import { SHEET_PATTERN_KEYS } from "#app/spreadsheets/words.server.ts";
import { definitionWords, folderWords, inHindi } from "#tests/support/catalogue-words.ts";

// The maintenance contracts, the file index and the imports in Hindi (issue 37): every word their
// pages write is in the catalogue, in a namespace those pages are sent, and an import's messages,
// made in English where the file is read, are shown whole in the page's language — and English
// pages show them exactly as before.

describe("the words of the contracts, the file index and the imports in Hindi", () => {
  const cases = [
    {
      folder: "app/contracts",
      namespaces: ["common", "contracts"],
      more: [...definitionWords(contractRecord), ...PMS_CHOICES, ...Object.values(contractMessages)],
    },
    {
      folder: "app/file-index",
      namespaces: ["common", "file-index"],
      more: [...definitionWords(fileRecord), "CupBoard 1", "CupBoard 2", ...Object.values(fileMessages)],
    },
    {
      folder: "app/imports",
      namespaces: ["common", "imports"],
      more: [
        ...Object.values(importMessages).filter((message) => typeof message === "string"),
        ...IMPORT_PATTERN_KEYS,
      ],
    },
    { folder: "app/spreadsheets", namespaces: ["common", "spreadsheets"], more: SHEET_PATTERN_KEYS },
  ];
  for (const { folder, namespaces, more } of cases)
    it(`${folder}: every word is in ${namespaces.join(" or ")}`, () => {
      const words = [...new Set([...folderWords(folder), ...more])].filter(Boolean);
      // The refusal's placeholders message is the /api's (a list of files to send), never a page's.
      const pageWords = words.filter((word) => word !== fileMessages.filesMissing);
      expect(pageWords.filter((word) => !inHindi(namespaces, word))).toEqual([]);
    });
});

const shownIn = (code: string) => {
  const words = wordsIn(code, ["imports", "contracts"]);
  return (message: string) => importMessage(words, message);
};

describe("an import's messages", () => {
  const made = [
    importMessages.duplicateKey("Equipment + Company", "4"),
    importMessages.ambiguousKey("Equipment + Company", 2),
    importMessages.missingColumns(["Company"]),
    `${importMessages.missingColumns(["Company", "PMS"])} ${importMessages.unknownColumns(["Colour"])}`,
    importMessages.tooManyColumns(22, "W"),
    importMessages.refused("Company is required."),
    dateMessages.notADate("someday"),
    dateMessages.ambiguous("04/01/2026", "7", "4 January", "1 April"),
    dateMessages.mixed("04/01/2026", "7"),
    readNotes.encoding("Windows-1252"),
    readNotes.titleRows(["1", "2"]),
    readNotes.titleRows(["1"]),
    readNotes.unitsRow("3", ["nos", "days"]),
    "Imported 1,240 rows from amc.xlsx by ravi@plant.test",
    "Undid the import of amc.xlsx: 1 row put back.",
    importMessages.hasErrors,
  ];

  it("read on an English page exactly as they were made", () => {
    const english = shownIn("en");
    for (const message of made) expect(english(message)).toBe(message);
  });

  it("read on a Hindi page in Hindi, the list's words translated and the file's kept as written", () => {
    const inHindi = shownIn("hi");
    for (const message of made) expect(inHindi(message)).not.toMatch(/\b(?:the|file|row|is|are)\b/i);
    expect(inHindi(importMessages.duplicateKey("Equipment + Company", "4"))).toBe(
      "यही उपकरण + कंपनी इस फ़ाइल की पंक्ति 4 में पहले से है।",
    );
    expect(inHindi(importMessages.missingColumns(["Company", "PMS"]))).toBe(
      "फ़ाइल में कॉलम 'कंपनी', 'PMS' नहीं हैं।",
    );
    expect(inHindi(dateMessages.notADate("someday"))).toBe(
      '"someday" तारीख नहीं है: इसे dd/mm/yyyy, dd-mm-yyyy या yyyy-mm-dd में लिखें (या Excel की तारीख वाली सेल)।',
    );
    expect(inHindi(importMessages.refused("Company is required."))).toBe("कुछ भी इम्पोर्ट नहीं हुआ। कंपनी ज़रूरी है।");
  });
});
