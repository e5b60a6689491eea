import { describe, expect, it } from "vitest";
import { addDays } from "#app/lib/dates.ts";
import { COVER_WINDOW_DAYS, coverCells, coverWindow, MAX_COVER_DAYS, stockCover } from "#app/spares/cover.ts";

const TODAY = "2026-11-23";

describe("the cover window", () => {
  it("is the 90 days ending today, both ends included", () => {
    expect(coverWindow(TODAY)).toEqual({ from: "2026-08-26", to: TODAY });
    expect(COVER_WINDOW_DAYS).toBe(90);
  });

  it("crosses a year end by the calendar", () => {
    expect(coverWindow("2027-01-15")).toEqual({ from: "2026-10-18", to: "2027-01-15" });
  });
});

describe("days of cover and the order-by date", () => {
  it("is '—' when nothing was issued in the last 90 days", () => {
    const cover = stockCover({ stock: 40, issued: 0, leadTimeDays: 10, today: TODAY });
    expect(cover).toEqual({ kind: "unused" });
    expect(coverCells(cover)).toEqual({ days: "—", orderBy: "—" });
  });

  it("divides the stock by the average daily use (issues of 90 days ÷ 90)", () => {
    // 180 issued in 90 days: 2 a day; 60 in stock last 30 days; ordered 10 days ahead of that.
    const cover = stockCover({ stock: 60, issued: 180, leadTimeDays: 10, today: TODAY });
    expect(cover).toMatchObject({ kind: "cover", averageDailyUse: 2, days: 30, orderBy: "2026-12-13" });
    expect(cover.kind === "cover" && cover.orderNow).toBe(false);
    expect(coverCells(cover)).toEqual({ days: "30", orderBy: "13/12/2026" });
  });

  it("says 'Order now' when the order-by date is today", () => {
    const cover = stockCover({ stock: 20, issued: 180, leadTimeDays: 10, today: TODAY });
    expect(cover).toMatchObject({ days: 10, orderBy: TODAY, orderNow: true });
    expect(coverCells(cover).orderBy).toBe("Order now");
  });

  it("says 'Order now' when the order-by date is past, and for an empty shelf", () => {
    expect(stockCover({ stock: 4, issued: 90, leadTimeDays: 7, today: TODAY })).toMatchObject({
      days: 4,
      orderBy: "2026-11-20",
      orderNow: true,
    });
    expect(stockCover({ stock: 0, issued: 9, leadTimeDays: 0, today: TODAY })).toMatchObject({
      days: 0,
      orderBy: TODAY,
      orderNow: true,
    });
  });

  it("is one day ahead of 'Order now' the day before", () => {
    const cover = stockCover({ stock: 22, issued: 180, leadTimeDays: 10, today: TODAY });
    expect(cover).toMatchObject({ days: 11, orderBy: "2026-11-24", orderNow: false });
  });

  it("rounds the order-by date down, so an order is never due later than the figures say", () => {
    // 10.5 days of cover, lead time 0.5 days: exactly 10 days; lead time 1 day: 9.5 → 9.
    const half = stockCover({ stock: 21, issued: 180, leadTimeDays: 0.5, today: TODAY });
    expect(half).toMatchObject({ days: 10, orderBy: "2026-12-03" });
    const whole = stockCover({ stock: 21, issued: 180, leadTimeDays: 1, today: TODAY });
    expect(whole).toMatchObject({ days: 10, orderBy: "2026-12-02" });
  });

  it("keeps a whole number of days whole despite floating-point division", () => {
    // 0.3 a day (27 in 90 days): 3 in stock is exactly 10 days, though 3 / 0.3 is 9.999… in floats.
    expect(stockCover({ stock: 3, issued: 27, leadTimeDays: 0, today: TODAY })).toMatchObject({
      days: 10,
      orderBy: "2026-12-03",
    });
  });

  it("caps a cover of centuries, so the date stays on the calendar", () => {
    const cover = stockCover({ stock: 999_999_999, issued: 0.001, leadTimeDays: 30, today: TODAY });
    expect(cover).toMatchObject({ kind: "cover", days: MAX_COVER_DAYS, capped: true, orderNow: false });
    expect(coverCells(cover).days).toBe("over 100 years");
    expect(cover.kind === "cover" && cover.orderBy).toBe(addDays(TODAY, MAX_COVER_DAYS - 30));
  });

  it("reads bad figures as none rather than throwing", () => {
    expect(
      stockCover({ stock: Number.NaN, issued: 9, leadTimeDays: Number.NaN, today: TODAY }),
    ).toMatchObject({
      days: 0,
      orderNow: true,
    });
    expect(stockCover({ stock: 5, issued: Number.NaN, leadTimeDays: 1, today: TODAY })).toEqual({
      kind: "unused",
    });
  });

  it("shows thousands of days with a separator", () => {
    const cover = stockCover({ stock: 12_000, issued: 90, leadTimeDays: 0, today: TODAY });
    expect(coverCells(cover).days).toBe("12,000");
  });
});
