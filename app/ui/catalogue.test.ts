import { describe, expect, it } from "vitest";
import { LOGGED_EVENTS, RECORD_TYPES } from "#app/audit-trail/record-types.ts";
import { DERIVED, sparesRecord } from "#app/spares/record.ts";
import { DEPARTMENTS, ORDER_TO_PLACE } from "#app/spares/rules.ts";
import { movementRecord } from "#app/stock/record.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";
import { definitionWords, folderWords, inHindi } from "#tests/support/catalogue-words.ts";

// Words the shared kit, the shell and Today write must be in the catalogue, in a namespace their
// pages are sent (app/i18n/namespaces.server.ts): else a Hindi page shows them in English, and an
// English page shows a message's placeholders as written ("{count}"), for only the catalogue's
// keys are sent compiled.
/** The kinds of record the audit log names: Today's changes card and /audit's rows show them. */
const LOGGED_KINDS = [
  ...Object.values(RECORD_TYPES).map((type) => type.label),
  ...Object.values(LOGGED_EVENTS),
];

/** What a folder's pages are sent: the kit's on every page, the shell's on every signed-in one. */
const FOLDERS = [
  { folder: "app/ui", namespaces: ["common"] },
  { folder: "app/shell", namespaces: ["common", "shell"] },
  { folder: "app/home", namespaces: ["common", "shell", "home"] },
] as const;

/** Words handed to `_()` from a constant or a default (not written inside the call). */
const GIVEN_WORDS: Record<(typeof FOLDERS)[number]["folder"], string[]> = {
  "app/ui": [
    // error-page.tsx describe(), and the database's message
    ...["Bad request", "The request could not be understood.", "Not allowed"],
    ...[
      "You do not have permission to open this page.",
      "Page not found",
      "There is no page at this address.",
    ],
    ...["Changed by someone else", "This record was changed by someone else. Reload and try again."],
    ...["Too large", "The request is too large (the limit is 1 MB).", "Something went wrong"],
    "Something went wrong on our side. Please try again; if it keeps happening, tell the administrator.",
    "The database is not answering; try again in a minute.",
    // confirm-delete.tsx, list-view.tsx, print.tsx defaults
    ...["Yes, delete", "Deleting...", "Confirm delete", "Delete", "Apply", "list", "Back to the list"],
  ],
  "app/shell": ["No AMC notifications available.", "There is no page at this address."],
  "app/home": [
    // components.tsx quick actions, print.tsx, and what today.server.ts words from other features
    ...["Spares", "AMC", "Store Racks", "SOP formats", "Spares by department", "Maintenance contracts"],
    ...["What sits on which rack", "Security checklists", "report", "Back to Today", ORDER_TO_PLACE],
    ...DEPARTMENTS,
    ...LOGGED_KINDS,
  ],
};

describe("the words of the kit, the shell and Today in Hindi", () => {
  for (const { folder, namespaces } of FOLDERS) {
    it(`${folder}: every word is in ${namespaces.join(" or ")}`, () => {
      const words = new Set(GIVEN_WORDS[folder]);
      for (const word of folderWords(folder)) words.add(word);
      expect(words.size).toBeGreaterThan(0);
      expect([...words].filter((word) => !inHindi(namespaces, word))).toEqual([]);
    });
  }
});

describe("the storekeeper's record definitions in Hindi, in their features' namespaces", () => {
  const cases = [
    {
      what: "a spares line",
      namespace: "spares",
      definition: sparesRecord,
      more: Object.values(DERIVED).map((field) => field.label),
    },
    { what: "a rack item", namespace: "store-racks", definition: rackItemRecord, more: [] },
    { what: "a stock movement", namespace: "stock", definition: movementRecord, more: [] },
  ];
  for (const { what, namespace, definition, more } of cases) {
    it(`${what}: every label, heading and hint (${namespace})`, () => {
      const words = [...new Set([...definitionWords(definition), ...more])].filter(Boolean);
      expect(words.filter((word) => !inHindi([namespace], word))).toEqual([]);
    });
  }
});

describe("the kinds of record the audit log names, in Hindi where they are shown", () => {
  for (const namespace of ["home", "audit-trail"]) {
    it(`every kind is in ${namespace} (Today's changes card, /audit's rows)`, () => {
      expect(LOGGED_KINDS.filter((label) => !inHindi([namespace], label))).toEqual([]);
    });
  }
});
