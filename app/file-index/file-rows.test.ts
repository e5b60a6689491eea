import { describe, expect, it } from "vitest";
import { escapeHtml, searchMarker } from "#app/ui/html.ts";
import { fileRowHtml, packRacks, unpackRacks } from "./file-rows.ts";
import { fileOfHref } from "./hrefs.ts";
import type { Rack } from "./rules.ts";

const ID = "0b3c9a4e-1f2d-4c5b-8a7e-6d5c4b3a2f10";
const file = { _id: ID, id: 12, name: "Fire NOC 2024-25", version: 3 };

describe("a file's row as HTML", () => {
  it("holds Sr. No, the name, and plain links to the Update File and delete pages", () => {
    const html = fileRowHtml("Rack1B", file, escapeHtml, escapeHtml);
    expect(html).toBe(
      `<tr><td class="num">12</td><td>Fire NOC 2024-25</td>` +
        `<td><a href="/rackadmin/racks/Rack1B/${ID}" class="button small" aria-label="Update Fire NOC 2024-25">Update</a></td>` +
        `<td><a href="/rackadmin/racks/Rack1B/${ID}/delete" class="button danger small" aria-label="Delete Fire NOC 2024-25">Delete</a></td></tr>`,
    );
  });

  it("shows a name with markup or quotes as text, in the cell and in the link labels", () => {
    const html = fileRowHtml(
      "Rack1B",
      { ...file, name: `<img src=x onerror="alert('x')"> & co` },
      escapeHtml,
      escapeHtml,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("<td>&lt;img src=x onerror=&quot;alert(&#x27;x&#x27;)&quot;&gt; &amp; co</td>");
    expect(html).toContain(
      'aria-label="Update &lt;img src=x onerror=&quot;alert(&#x27;x&#x27;)&quot;&gt; &amp; co"',
    );
  });

  it("marks the search in the name, and escapes around the marks", () => {
    const { mark } = searchMarker("noc", true);
    const html = fileRowHtml("Rack1B", { ...file, name: "<Fire> NOC" }, escapeHtml, mark);
    expect(html).toContain('<td>&lt;Fire&gt; <mark class="search-mark">NOC</mark></td>');
    // The link labels stay plain text.
    expect(html).toContain('aria-label="Update &lt;Fire&gt; NOC"');
  });
});

describe("the racks as the loader sends them", () => {
  it("packs each rack's files into one string and unpacks them unchanged", () => {
    const racks: Rack[] = [
      {
        name: "Rack1A",
        files: [file, { ...file, _id: ID.replace("0b", "0c"), id: 13, name: 'Quote " here' }],
      },
      { name: "Rack1B", files: [] },
    ];
    const packed = packRacks(racks);
    expect(packed.map((rack) => typeof rack.files)).toEqual(["string", "string"]);
    expect(packed[0].files).not.toContain("_id");
    expect(unpackRacks(packed)).toEqual(racks);
  });
});

describe("row links", () => {
  it("name the rack, the file and which page", () => {
    expect(fileOfHref(`/rackadmin/racks/Rack2A/${ID}`)).toEqual({
      rackName: "Rack2A",
      fileId: ID,
      page: "update",
    });
    expect(fileOfHref(`/rackadmin/racks/Rack2A/${ID}/delete`)).toEqual({
      rackName: "Rack2A",
      fileId: ID,
      page: "delete",
    });
    expect(fileOfHref(`http://plant.local/rackadmin/racks/Rack2A/${ID}?x=1`)?.page).toBe("update");
  });

  it("refuse anything else: another rack name, a malformed id, another page", () => {
    expect(fileOfHref(`/rackadmin/racks/Rack9Z/${ID}`)).toBeNull();
    expect(fileOfHref("/rackadmin/racks/Rack2A/not-an-id")).toBeNull();
    expect(fileOfHref("/rackadmin/print/1")).toBeNull();
    expect(fileOfHref(`/products/Electrician/${ID}/delete`)).toBeNull();
  });
});
