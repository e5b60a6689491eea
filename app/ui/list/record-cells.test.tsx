import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { defineRecord } from "#app/lib/record.ts";
import { RecordCells, RecordPrintHead } from "#app/ui/list/record-cells.tsx";
import { inLanguage } from "#tests/support/in-language.tsx";

const item = defineRecord({
  name: { label: "Name", kind: "text", list: { search: true, rowHeader: true } },
  shelf: { label: "Shelf", kind: "integer", list: { figure: false } },
  stock: { label: "Stock", kind: "number", list: { format: (n) => n.toFixed(1) } },
  since: { label: "Since", kind: "date", list: { search: true, heading: "In stock since" } },
  note: { label: "Note", kind: "text" },
});
const row = { name: "Valve 25", shelf: 25, stock: 2.5, since: "2026-03-25", note: "25" };
const html = (cells: React.ReactNode, code = "en") =>
  renderToStaticMarkup(inLanguage(<tr>{cells}</tr>, code));

describe("a record's cells", () => {
  test("mark the search in the fields it searches only, the row's name heading the row", () => {
    expect(html(<RecordCells definition={item} row={row} q="25" />)).toBe(
      '<tr><th scope="row" translate="no">Valve <mark>25</mark></th><td>25</td><td class="num">2.5</td>' +
        "<td><mark>25</mark>/03/2026</td></tr>",
    );
  });

  test("take the page's own words and what stands after them", () => {
    const cells = (
      <RecordCells definition={item} row={row} q="" texts={{ name: "V" }} after={{ since: <b>!</b> }} />
    );
    expect(html(cells)).toContain('<th scope="row">V</th>');
    const tagged = <RecordCells definition={item} row={row} q="" after={{ name: <b>!</b> }} />;
    expect(html(tagged)).toContain('<th scope="row"><span translate="no">Valve 25</span><b>!</b></th>');
    expect(html(cells)).toContain("<td>25/03/2026<b>!</b></td>");
  });

  test("on paper are plain cells under plain headings", () => {
    expect(html(<RecordCells definition={item} row={row} q="" plain />)).toBe(
      '<tr><td translate="no">Valve 25</td><td>25</td><td>2.5</td><td>25/03/2026</td></tr>',
    );
    expect(
      renderToStaticMarkup(
        inLanguage(
          <table>
            <RecordPrintHead definition={item} plain />
          </table>,
        ),
      ),
    ).toBe(
      '<table><thead><tr><th scope="col">Name</th><th scope="col">Shelf</th>' +
        '<th scope="col">Stock</th><th scope="col">In stock since</th></tr></thead></table>',
    );
  });

  test("leave what people typed untranslated, and say the app's own words in the page's language", () => {
    const empty = { ...row, name: "", since: null };
    // "N/A" for a field left empty is the app's word; a date and a figure read the same everywhere.
    expect(html(<RecordCells definition={item} row={empty} q="" />, "hi")).toBe(
      '<tr><th scope="row">N/A</th><td>25</td><td class="num">2.5</td><td>N/A</td></tr>',
    );
    vi.stubEnv("PLANTOPS_PSEUDO_LANGUAGE", "1");
    expect(html(<RecordCells definition={item} row={empty} q="" />, "qps")).toContain(
      '<th scope="row">⟦N/A⟧</th>',
    );
    // An empty date, stored as nothing or as an empty text, reads the app's "N/A" too.
    for (const since of [null, ""])
      expect(html(<RecordCells definition={item} row={{ ...row, since }} q="" />, "qps")).toContain(
        "<td>⟦N/A⟧</td>",
      );
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });
});
