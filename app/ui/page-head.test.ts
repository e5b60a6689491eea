import { describe, expect, test } from "vitest";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

describe("a page's head", () => {
  test("the title names the page, then the product", () => {
    expect(pageTitle("Update File")({} as never)).toEqual([{ title: "Update File · PlantOps" }]);
  });

  test("the links load the page's stylesheet", () => {
    expect(stylesheet("/assets/racks.css")()).toEqual([{ rel: "stylesheet", href: "/assets/racks.css" }]);
    expect(stylesheet("/assets/report.css", "/assets/charts.css")()).toEqual([
      { rel: "stylesheet", href: "/assets/report.css" },
      { rel: "stylesheet", href: "/assets/charts.css" },
    ]);
  });
});
