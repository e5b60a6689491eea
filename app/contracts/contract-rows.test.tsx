import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { searchMarker } from "#app/ui/html.ts";
import { WhatsAppSend } from "./components/whatsapp-send.tsx";
import {
  alertMessages,
  type ContractRow,
  contractRowHtml,
  packContractRows,
  unpackContractRows,
  whatsAppSendHtml,
} from "./contract-rows.ts";
import { whatsAppLink } from "./rules.ts";

const row = (overrides: Partial<ContractRow> = {}): ContractRow => ({
  id: "00000000-0000-8000-8000-000000001069",
  equipment: "Fire pump",
  company: "Kirloskar",
  validityFrom: "2026-04-01",
  validityTo: "2027-03-31",
  pms: "Quarterly",
  vendorCode: "V-101",
  contractNumber: "AMC/2026/7",
  concernedPerson: "Ravi",
  mobileNumber: "98765 43210",
  lastDateOfChecking: "2026-01-10",
  nextDueDate: "2026-04-10",
  status: "fine",
  ...overrides,
});

const plain = searchMarker("", false).mark;

/** The contents of a row's cells (the rows are flat: no cell holds another). */
const cells = (html: string) => [...html.matchAll(/<td>(.*?)<\/td>/g)].map((match) => match[1]);

describe("a contract row as HTML", () => {
  it("shows the ten cells, dates en-GB and N/A for what is empty", () => {
    const html = contractRowHtml(
      row({ vendorCode: "", contractNumber: " ", pms: "", lastDateOfChecking: "", validityTo: "" }),
      plain,
    );
    expect(cells(html).slice(0, 10)).toEqual([
      "Fire pump",
      "Kirloskar",
      "01/04/2026 to N/A",
      "N/A",
      "N/A",
      "N/A",
      "Ravi",
      "98765 43210",
      "N/A",
      "10/04/2026",
    ]);
    expect(html.startsWith("<tr><td>")).toBe(true);
  });

  it("colours and tags expired and due-soon contracts, and only those", () => {
    const expired = contractRowHtml(row({ status: "expired" }), plain);
    expect(expired).toMatch(/^<tr class="contract-expired">/);
    expect(expired).toContain('10/04/2026<span class="tag tag-expired">Expired</span></td>');
    const soon = contractRowHtml(row({ status: "dueSoon" }), plain);
    expect(soon).toMatch(/^<tr class="contract-due-soon">/);
    expect(soon).toContain('<span class="tag tag-due-soon">Due soon</span>');
    expect(contractRowHtml(row(), plain)).not.toContain("tag");
  });

  it("links Update and Delete by id, named after the equipment", () => {
    const html = contractRowHtml(row(), plain);
    expect(html).toContain(
      '<a href="/amcupdate/00000000-0000-8000-8000-000000001069" class="button small" aria-label="Update Fire pump">Update</a>',
    );
    expect(html).toContain(
      '<a href="/amc/00000000-0000-8000-8000-000000001069/delete" class="button danger small" aria-label="Delete Fire pump">Delete</a>',
    );
  });

  it("carries the WhatsApp message for the row's status: expired, or due", () => {
    const expired = contractRowHtml(row({ status: "expired" }), plain);
    const message = "AMC has expired for the equipment: Fire pump with Next Due Date: 10/04/2026";
    expect(expired).toContain(`href="https://wa.me/919876543210?text=${encodeURIComponent(message)}"`);
    const fine = contractRowHtml(row(), plain);
    expect(fine).toContain(encodeURIComponent("AMC for the equipment: Fire pump is due on 10/04/2026"));
    expect(fine).toContain('<span class="visually-hidden"> WhatsApp message about Fire pump</span>');
  });

  it("shows HTML typed into a field as text, everywhere the row repeats it", () => {
    const typed = `<img src=x onerror="alert('x')"> & co`;
    const html = contractRowHtml(
      row({ equipment: typed, company: typed, concernedPerson: typed, mobileNumber: typed }),
      plain,
    );
    expect(html).not.toContain("<img");
    const escaped = "&lt;img src=x onerror=&quot;alert(&#x27;x&#x27;)&quot;&gt; &amp; co";
    expect(cells(html)[0]).toBe(escaped);
    expect(html).toContain(`aria-label="Update ${escaped}"`);
    expect(html).toContain(`aria-label="Delete ${escaped}"`);
    expect(html).toContain(`WhatsApp message about ${escaped}</span>`);
    // Not a mobile number: the reason quotes it, escaped too.
    expect(html).toContain(`<small id="why-00000000-0000-8000-8000-000000001069">&quot;${escaped}&quot;`);
  });

  it("marks the search query in the cells (the first with the page's anchor), not in the links", () => {
    const marker = searchMarker("pump", false);
    const first = contractRowHtml(row({ company: "Pump works" }), marker.mark);
    expect(cells(first)[0]).toBe('Fire <mark class="search-mark" id="search-match">pump</mark>');
    expect(cells(first)[1]).toBe('<mark class="search-mark">Pump</mark> works');
    expect(first).toContain('aria-label="Update Fire pump"');
    const second = contractRowHtml(row(), marker.mark);
    expect(second).not.toContain("search-match");
    expect(marker.marked()).toBe(true);
  });
});

describe("WhatsApp Send as HTML", () => {
  // The same markup as the <WhatsAppSend> component the bell's dialog uses.
  const react = (link: ReturnType<typeof whatsAppLink>) =>
    renderToStaticMarkup(<WhatsAppSend link={link} about="WhatsApp message about Fire pump" />).replace(
      /id="[^"]*"|aria-describedby="[^"]*"/g,
      (attribute) => attribute.replace(/"[^"]*"/, '"why"'),
    );

  it("matches the component for a link and for a disabled button with its reason", () => {
    for (const number of ["98765 43210", "", "12345", `"<b>"`]) {
      const link = whatsAppLink(number, "AMC for the equipment: Fire pump & co");
      expect(whatsAppSendHtml(link, "WhatsApp message about Fire pump", "why")).toBe(react(link));
    }
  });
});

describe("the rows in the loader data", () => {
  it("travel packed and come back the same", () => {
    const rows = [row(), row({ id: "00000000-0000-8000-8000-00000000106a", status: "expired", pms: "" })];
    const packed = packContractRows(rows);
    expect(typeof packed).toBe("string");
    expect(unpackContractRows(packed)).toEqual(rows);
  });
});

describe("'Send alerts' messages", () => {
  it("are one per expired contract per recipient, each a link or the reason there is none", () => {
    const rows = [
      row({ equipment: "Old pump", status: "expired", nextDueDate: "2026-03-01" }),
      row({ equipment: "Soon pump", status: "dueSoon" }),
      row({ id: "x2", equipment: "Old DG set", status: "expired", nextDueDate: "2026-02-01" }),
    ];
    const alerts = alertMessages(rows, ["98480 22338", "+44 7700 900123", "123"]);
    expect(alerts).toHaveLength(6);
    const text = "AMC has expired for the equipment: Old pump with Next Due Date: 01/03/2026";
    expect(alerts[0]).toEqual({
      key: "00000000-0000-8000-8000-000000001069:98480 22338",
      recipient: "98480 22338",
      text,
      link: { href: `https://wa.me/919848022338?text=${encodeURIComponent(text)}`, reason: null },
    });
    expect(alerts[1].link.href).toMatch(/^https:\/\/wa\.me\/447700900123\?/);
    expect(alerts[2].link).toEqual({ href: null, reason: '"123" is not a valid mobile number.' });
    expect(alerts.some((alert) => alert.text.includes("Soon pump"))).toBe(false);
    expect(alertMessages(rows, [])).toEqual([]);
  });
});
