import { describe, expect, it } from "vitest";
import hindi from "#app/i18n/locales/hi.json";
import {
  allFormatsLink,
  amcMenu,
  barLabels,
  racksMenu,
  sopFormatsMenu,
  sparesMenu,
} from "#app/shell/menus.ts";

// The navbar shows on every signed-in page, its words from the "shell" namespace: a label the
// catalogue lacks would stay English on every page in Hindi.
const shell: Record<string, string> = hindi.messages.shell;

describe("the navbar's menus in Hindi", () => {
  const entries = [...sparesMenu, ...amcMenu, ...racksMenu, allFormatsLink, ...sopFormatsMenu];

  it.each(entries.map((link) => [link.label]))("has the entry %s", (label) => {
    expect(shell[label]).toBeTruthy();
  });

  it.each(Object.values(barLabels).map((label) => [label]))("has the bar's %s", (label) => {
    expect(shell[label]).toBeTruthy();
  });

  it("keeps each SOP format's code as it is", () => {
    for (const { label } of sopFormatsMenu) {
      const code = label.slice(0, 4);
      expect(shell[label]?.startsWith(`${code} `)).toBe(true);
    }
  });
});
