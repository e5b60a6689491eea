import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, test } from "vitest";
import { pageTitle, pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// The root route's data as a meta function finds it among the matches: the page's language and words.
const hindi = [
  {
    id: "root",
    data: {
      language: { code: "hi", locale: "hi-IN" },
      messages: { "Update File": "फ़ाइल बदलें", "{code} record": compileMessage("{code} रिकॉर्ड") },
    },
  },
];

describe("a page's head", () => {
  test("the title names the page, then the product, in the page's language", () => {
    expect(pageTitle("Update File")({ matches: [] } as never)).toEqual([{ title: "Update File · PlantOps" }]);
    expect(pageTitle("Update File")({ matches: hindi } as never)).toEqual([{ title: "फ़ाइल बदलें · PlantOps" }]);
  });

  test("a title made from the page's data fills it in, and is the product's name alone without data", () => {
    const meta = pageTitleOf<{ code: string }>((data, _) => _("{code} record", { code: data.code }));
    expect(meta({ data: { code: "AS09" }, matches: hindi } as never)).toEqual([
      { title: "AS09 रिकॉर्ड · PlantOps" },
    ]);
    // In English the server sends the compiled English of a key with placeholders.
    const english = [
      {
        id: "root",
        data: {
          language: { code: "en", locale: "en-IN" },
          messages: { "{code} record": compileMessage("{code} record") },
        },
      },
    ];
    expect(meta({ data: { code: "AS09" }, matches: english } as never)).toEqual([
      { title: "AS09 record · PlantOps" },
    ]);
    expect(meta({ data: undefined, matches: hindi } as never)).toEqual([{ title: "PlantOps" }]);
  });

  test("the links load the page's stylesheet", () => {
    expect(stylesheet("/assets/racks.css")()).toEqual([{ rel: "stylesheet", href: "/assets/racks.css" }]);
    expect(stylesheet("/assets/report.css", "/assets/charts.css")()).toEqual([
      { rel: "stylesheet", href: "/assets/report.css" },
      { rel: "stylesheet", href: "/assets/charts.css" },
    ]);
  });
});
