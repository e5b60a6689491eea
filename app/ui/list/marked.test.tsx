import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Marked, marked } from "#app/ui/list/marked.tsx";

const html = (text: string | number | null, q: string) => renderToStaticMarkup(<Marked text={text} q={q} />);

describe("Marked", () => {
  it("marks every occurrence, whatever the case", () => {
    expect(html("Pump and PUMP", "pump")).toBe("<mark>Pump</mark> and <mark>PUMP</mark>");
  });

  it("escapes the text, matched or not", () => {
    expect(html("<b>&pump</b>", "pump")).toBe("&lt;b&gt;&amp;<mark>pump</mark>&lt;/b&gt;");
    expect(html("<script>", "")).toBe("&lt;script&gt;");
  });

  it("writes numbers and empty values as text", () => {
    expect(html(105, "05")).toBe("1<mark>05</mark>");
    expect(html(null, "x")).toBe("");
  });

  it("draws the same called as a function (a list's cells)", () => {
    for (const [text, q] of [
      ["Pump and PUMP", "pump"],
      ["<b>&pump</b>", "pump"],
      [105, "05"],
      [null, "x"],
      ["x", ""],
    ] as const)
      expect(renderToStaticMarkup(<>{marked(text, q)}</>)).toBe(html(text, q));
  });
});
