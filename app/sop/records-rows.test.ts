import { describe, expect, it } from "vitest";
import { escapeHtml, searchMarker } from "#app/ui/html.ts";
import {
  packRecordRows,
  packReturnRows,
  type RecordRow,
  type ReturnRow,
  recordRowHtml,
  returnRowHtml,
  unpackRecordRows,
  unpackReturnRows,
} from "./records-rows.ts";

const ID = "0b3c9a4e-1f2d-4c5b-8a7e-6d5c4b3a2f10";
const record: RecordRow = {
  id: ID,
  date: "02/01/2025",
  keys: ["KA-01-AB-1234", "Swift Carriers"],
  savedBy: "guard@plant.test",
  savedAt: "02/01/2025 09:30",
};
const entry: ReturnRow = {
  recordId: ID,
  date: "02/01/2025",
  gatePassNo: "GP-7",
  descriptionOfItems: "Pump for repair",
  quantity: "2 Nos",
  issuedTo: "Kirloskar Brothers",
  expected: "10/01/2025",
  overdue: true,
};

describe("a saved record's row as HTML", () => {
  it("holds the date (opening the record), the key fields, who saved it and when, and its links", () => {
    const here = `/as11/records/${ID}`;
    const name = "record of 02/01/2025 KA-01-AB-1234";
    expect(recordRowHtml(record, "/as11/records", escapeHtml)).toBe(
      `<tr><td><a href="${here}" aria-label="Open ${name}">02/01/2025</a></td>` +
        "<td>KA-01-AB-1234</td><td>Swift Carriers</td><td>guard@plant.test</td><td>02/01/2025 09:30</td>" +
        `<td class="no-print"><div class="actions row-actions"><a class="button small" href="${here}">Open</a>` +
        `<a class="button small" href="${here}/edit" aria-label="Edit ${name}">Edit</a>` +
        `<a class="button danger small" href="${here}/delete" aria-label="Delete ${name}">Delete</a></div></td></tr>`,
    );
  });

  it("names a record without key fields by its date alone", () => {
    const html = recordRowHtml({ ...record, keys: ["", ""] }, "/as17/records", escapeHtml);
    expect(html).toContain('aria-label="Open record of 02/01/2025"');
    expect(html).toContain("<td></td><td></td>");
  });

  it("shows key fields with markup or quotes as text, in the cells and in the link labels", () => {
    const typed = `<img src=x onerror="alert('x')"> & co`;
    const html = recordRowHtml(
      { ...record, keys: [typed, "b"], savedBy: "<b>" },
      "/as11/records",
      escapeHtml,
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("<td>&lt;img src=x onerror=&quot;alert(&#x27;x&#x27;)&quot;&gt; &amp; co</td>");
    expect(html).toContain('aria-label="Edit record of 02/01/2025 &lt;img src=x onerror=&quot;alert(');
  });

  it("marks the search in the key fields and who saved it, not in the links or dates", () => {
    const { mark, marked } = searchMarker("swift", false);
    const html = recordRowHtml(record, "/as11/records", mark);
    expect(html).toContain('<td><mark class="search-mark" id="search-match">Swift</mark> Carriers</td>');
    expect(marked()).toBe(true);
    const dated = searchMarker("02/01", false);
    expect(recordRowHtml(record, "/as11/records", dated.mark)).not.toContain("<mark");
  });
});

describe("an entry of material not yet returned as HTML", () => {
  it("links its date to the record and says Overdue in words on a red row", () => {
    expect(returnRowHtml(entry, "/as15/records", escapeHtml)).toBe(
      `<tr class="overdue-row"><td><a href="/as15/records/${ID}">02/01/2025</a></td>` +
        "<td>GP-7</td><td>Pump for repair</td><td>2 Nos</td><td>Kirloskar Brothers</td><td>10/01/2025</td>" +
        '<td class="overdue">Overdue</td></tr>',
    );
  });

  it("says Out for material not yet due, and escapes what was typed", () => {
    const html = returnRowHtml(
      { ...entry, overdue: false, descriptionOfItems: "<script>x</script>" },
      "/as15/records",
      searchMarker("pump", true).mark,
    );
    expect(html.startsWith("<tr><td>")).toBe(true);
    expect(html).toContain("<td>&lt;script&gt;x&lt;/script&gt;</td>");
    expect(html).toContain("<td>Out</td></tr>");
  });
});

describe("the rows as the loader sends them", () => {
  it("pack into one string without field names and unpack unchanged", () => {
    const packed = packRecordRows([record, { ...record, id: ID.replace("0b", "0c"), keys: ['Quote "'] }]);
    expect(typeof packed).toBe("string");
    expect(packed).not.toContain("savedBy");
    expect(unpackRecordRows(packed)[1].keys).toEqual(['Quote "']);
    expect(unpackRecordRows(packed)[0]).toEqual(record);
    expect(unpackReturnRows(packReturnRows([entry]))).toEqual([entry]);
  });
});
