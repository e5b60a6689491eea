import { describe, expect, test } from "vitest";
import { pageMessages } from "#app/i18n/catalogues.server.ts";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

describe("a page's head", () => {
  test("the title names the page, then the product", () => {
    expect(pageTitle("Update File")({ matches: [] } as never)).toEqual([{ title: "Update File · PlantOps" }]);
  });

  test("in the page's language, from the root's data", () => {
    const root = {
      id: "root",
      data: { language: { code: "hi", locale: "hi-IN" }, messages: pageMessages("hi", ["common"]) },
    };
    expect(pageTitle("Settings")({ matches: [root] } as never)).toEqual([{ title: "सेटिंग्स · PlantOps" }]);
  });

  test("the links load the page's stylesheet", () => {
    expect(stylesheet("/assets/racks.css")()).toEqual([{ rel: "stylesheet", href: "/assets/racks.css" }]);
    expect(stylesheet("/assets/report.css", "/assets/charts.css")()).toEqual([
      { rel: "stylesheet", href: "/assets/report.css" },
      { rel: "stylesheet", href: "/assets/charts.css" },
    ]);
  });
});
