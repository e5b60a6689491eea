import { describe, expect, it } from "vitest";
import { appliedAuditFilters, readAuditView } from "#app/audit-trail/list.ts";

describe("/audit's view in the address", () => {
  const read = (search: string) => readAuditView(new URLSearchParams(search));

  it("reads the filters and defaults to newest first", () => {
    const view = read(
      "user=0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9&type=contract&from=2026-11-01&to=2026-11-30",
    );
    expect(view.params).toMatchObject({ sort: "when", dir: "desc", page: 1 });
    expect(view.filters).toEqual({
      user: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9",
      type: "contract",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(view.problems).toEqual([]);
  });

  it("leaves out what it cannot read and says so, never throws", () => {
    const view = read("user=robert'); drop table&type=secrets&from=2026-02-30&to=yesterday");
    expect(view.filters).toEqual({ user: "", type: "", from: "", to: "" });
    expect(view.problems).toEqual([
      "That user is not known: the user filter was left out.",
      "From is not a date (YYYY-MM-DD): it was left out.",
      "To is not a date (YYYY-MM-DD): it was left out.",
    ]);
  });

  it("swaps a range given backwards", () => {
    const view = read("from=2026-11-30&to=2026-11-01");
    expect(view.filters).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
    expect(view.problems).toEqual(["To is before From: the dates were swapped."]);
  });
});

describe("/audit's print header", () => {
  it("names the filters in force in people's words", () => {
    const { params, filters } = readAuditView(new URLSearchParams("q=pump&type=contract&from=2026-11-01"));
    expect(appliedAuditFilters(params.q, filters, { user: "", type: "Contract" })).toEqual([
      { label: "Search", value: "'pump'" },
      { label: "Record type", value: "Contract" },
      { label: "From", value: "01/11/2026" },
    ]);
  });
});
