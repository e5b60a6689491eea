import { describe, expect, it } from "vitest";
import {
  belowZeroMessage,
  belowZeroProblem,
  dateProblem,
  dateRangeProblems,
  type LedgerEntry,
  lowestStockFrom,
  messages,
  monthOf,
  periodFigures,
  readCardPaging,
  signedChange,
  stockOn,
  sumQuantities,
  withRunningBalance,
} from "#app/stock/rules.ts";
import { movementSchema } from "#app/stock/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";

const entry = (
  movedOn: string,
  quantity: number,
  kind: LedgerEntry["kind"] = quantity < 0 ? "issue" : "receipt",
) => ({
  movedOn,
  quantity,
  kind,
});

describe("stock on a date", () => {
  const ledger = [entry("2026-11-01", 10, "opening"), entry("2026-11-05", -4), entry("2026-11-10", 2.5)];

  it("is the sum of the movements up to and including that date", () => {
    expect(stockOn(ledger, "2026-10-31")).toBe(0);
    expect(stockOn(ledger, "2026-11-05")).toBe(6);
    expect(stockOn(ledger, "2026-11-30")).toBe(8.5);
  });

  it("adds in thousandths, so 0.1 + 0.2 is exactly 0.3", () => {
    expect(sumQuantities([0.1, 0.2])).toBe(0.3);
    expect(stockOn([entry("2026-01-01", 0.1), entry("2026-01-01", 0.2)], "2026-01-01")).toBe(0.3);
  });
});

describe("never below zero on its date or any later date (issue 17)", () => {
  const ledger = [
    entry("2026-11-01", 10, "opening"),
    entry("2026-11-15", 5),
    entry("2026-11-21", -12),
    entry("2026-11-25", 4),
  ];
  // End of day: 01 → 10, 15 → 15, 21 → 3, 25 → 7.

  it("refuses an issue that the stock on a later date cannot bear, naming that date", () => {
    expect(belowZeroProblem(ledger, { movedOn: "2026-11-16", quantity: -4 })).toBe(
      "Only 3 in stock on 21/11/2026.",
    );
  });

  it("allows an issue of exactly the lowest later stock", () => {
    expect(belowZeroProblem(ledger, { movedOn: "2026-11-16", quantity: -3 })).toBeNull();
  });

  it("refuses an issue more than the stock on its own date", () => {
    expect(belowZeroProblem(ledger, { movedOn: "2026-11-02", quantity: -11 })).toBe(
      "Only 10 in stock on 02/11/2026.",
    );
  });

  it("refuses an issue before the first receipt", () => {
    expect(belowZeroProblem(ledger, { movedOn: "2026-10-30", quantity: -1 })).toBe(
      "Only 0 in stock on 30/10/2026.",
    );
  });

  it("always allows an addition", () => {
    expect(belowZeroProblem([], { movedOn: "2026-11-02", quantity: 1 })).toBeNull();
  });

  it("finds the lowest stock from a day with movements, or from the day before them", () => {
    expect(lowestStockFrom(ledger, "2026-11-15")).toEqual({ inStock: 3, on: "2026-11-21" });
    expect(lowestStockFrom(ledger, "2026-11-26")).toEqual({ inStock: 7, on: "2026-11-26" });
    expect(lowestStockFrom(ledger, "2026-11-22")).toEqual({ inStock: 3, on: "2026-11-22" });
  });

  it("writes the message with the quantity and the date as the tables show it (dd/mm/yyyy)", () => {
    expect(belowZeroMessage(0.5, "2026-01-09")).toBe("Only 0.5 in stock on 09/01/2026.");
  });
});

describe("the change a movement makes", () => {
  const ledger = [entry("2026-11-01", 10, "opening"), entry("2026-11-05", -4)];

  it("adds a receipt and takes away an issue", () => {
    expect(signedChange(ledger, { kind: "receipt", movedOn: "2026-11-06", quantity: 2 })).toBe(2);
    expect(signedChange(ledger, { kind: "issue", movedOn: "2026-11-06", quantity: 2 })).toBe(-2);
  });

  it("records a count as the difference from the stock on its date", () => {
    expect(signedChange(ledger, { kind: "count", movedOn: "2026-11-06", quantity: 5 })).toBe(-1);
    expect(signedChange(ledger, { kind: "count", movedOn: "2026-11-02", quantity: 12 })).toBe(2);
    expect(signedChange(ledger, { kind: "count", movedOn: "2026-11-06", quantity: 6 })).toBe(0);
  });
});

describe("dates", () => {
  it("refuses a date after the plant's today and allows today and the past", () => {
    expect(dateProblem("2026-11-24", "2026-11-23")).toBe(messages.futureDate);
    expect(dateProblem("2026-11-23", "2026-11-23")).toBeNull();
    expect(dateProblem("2025-01-01", "2026-11-23")).toBeNull();
  });

  it("refuses a date before 2000 (and 9999-12-31 as a future one), saying the window", () => {
    expect(dateProblem("1900-01-01", "2026-11-23")).toBe("Date must be between 01/01/2000 and 23/11/2026.");
    expect(dateProblem("1999-12-31", "2026-11-23")).toBe("Date must be between 01/01/2000 and 23/11/2026.");
    expect(dateProblem("2000-01-01", "2026-11-23")).toBeNull();
    expect(dateProblem("9999-12-31", "2026-11-23")).toBe(messages.futureDate);
  });

  it("refuses a missing or impossible date", () => {
    expect(dateProblem(undefined, "2026-11-23")).toBe(messages.dateRequired);
    expect(dateProblem("2026-02-30", "2026-11-23")).toBe(messages.badDate);
  });

  it("gives the month of a date, leap February included", () => {
    expect(monthOf("2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});

describe("period figures", () => {
  it("gives opening, receipts, issues, counts and closing for the period", () => {
    const ledger = [
      entry("2026-10-01", 10, "opening"),
      entry("2026-10-20", -3),
      entry("2026-11-02", 5),
      entry("2026-11-03", -2),
      entry("2026-11-04", -1, "count"),
      entry("2026-12-01", 100),
    ];
    expect(periodFigures(ledger, "2026-11-01", "2026-11-30")).toEqual({
      opening: 7,
      openings: 0,
      receipts: 5,
      issues: 2,
      counts: -1,
      closing: 9,
    });
  });

  it("folds a reversal into the kind it reverses, so an issue and its reversal cancel", () => {
    const ledger: LedgerEntry[] = [
      entry("2026-11-01", 10, "opening"),
      entry("2026-11-02", -4),
      { movedOn: "2026-11-02", quantity: 4, kind: "reversal", reversedKind: "issue" },
    ];
    expect(periodFigures(ledger, "2026-11-01", "2026-11-30")).toMatchObject({
      openings: 10,
      issues: 0,
      closing: 10,
    });
  });
});

describe("running balance", () => {
  it("orders by date, keeping the given order within a day, and carries the balance", () => {
    const rows = withRunningBalance(
      [entry("2026-11-03", -2), entry("2026-11-01", 5), entry("2026-11-03", 1)],
      1,
    );
    expect(rows.map((row) => [row.movedOn, row.quantity, row.balance])).toEqual([
      ["2026-11-01", 5, 6],
      ["2026-11-03", -2, 4],
      ["2026-11-03", 1, 5],
    ]);
  });
});

describe("the movement form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("reads a good issue, blank optional texts left out", () => {
    const submission = parseSubmission(
      form({ movedOn: "2026-11-20", quantity: "2.5", reference: " SL-12 ", party: "", remark: "" }),
      movementSchema("issue", "2026-11-23"),
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toEqual({ movedOn: "2026-11-20", quantity: 2.5, reference: "SL-12" });
    }
  });

  it("refuses zero for an issue, a future date, and more than 3 decimals, field by field", () => {
    const submission = parseSubmission(
      form({ movedOn: "2026-11-24", quantity: "0" }),
      movementSchema("issue", "2026-11-23"),
    );
    expect(submission.reply().error).toMatchObject({
      movedOn: [messages.futureDate],
      quantity: ["Quantity issued must be more than zero."],
    });
    const decimals = parseSubmission(
      form({ movedOn: "2026-11-20", quantity: "1.0005" }),
      movementSchema("receipt", "2026-11-23"),
    );
    expect(decimals.reply().error).toMatchObject({
      quantity: ["Quantity received can have at most 3 decimals."],
    });
  });

  it("allows a count of zero and refuses a blank one", () => {
    const zero = parseSubmission(
      form({ movedOn: "2026-11-20", quantity: "0" }),
      movementSchema("count", "2026-11-23"),
    );
    expect(zero.status).toBe("success");
    const blank = parseSubmission(form({ movedOn: "2026-11-20" }), movementSchema("count", "2026-11-23"));
    expect(blank.reply().error).toMatchObject({ quantity: ["Counted stock is required."] });
  });
});

describe("the stock card's address", () => {
  const search = (text: string) => new URLSearchParams(text);
  it("opens on the last page unless a page number is given; sizes are the lists' 25/50/100/200", () => {
    expect(readCardPaging(search(""))).toEqual({ page: "last", size: 50 });
    expect(readCardPaging(search("size=25"))).toEqual({ page: "last", size: 25 });
    expect(readCardPaging(search("page=3&size=50"))).toEqual({ page: 3, size: 50 });
    expect(readCardPaging(search("page=0&size=200"))).toEqual({ page: 1, size: 200 });
    expect(readCardPaging(search("page=-2&size=7"))).toEqual({ page: "last", size: 50 });
    expect(readCardPaging(search("page=2.5"))).toEqual({ page: "last", size: 50 });
  });

  it("names a from or to it cannot read, in the stock report's words", () => {
    expect(dateRangeProblems(search("from=2026-11-01&to="))).toEqual([]);
    expect(dateRangeProblems(search("from=2026-02-30&to=23/11/2026"))).toEqual([
      "From '2026-02-30' is not a date (write it YYYY-MM-DD).",
      "To '23/11/2026' is not a date (write it YYYY-MM-DD).",
    ]);
  });
});
