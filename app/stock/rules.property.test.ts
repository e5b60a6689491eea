import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "#app/lib/dates.ts";
import {
  belowZeroProblem,
  type EnteredKind,
  type LedgerEntry,
  periodFigures,
  signedChange,
  stockOn,
  toThousandths,
} from "#app/stock/rules.ts";

// The ledger's invariants (issue 17) over any sequence of attempted movements, each one admitted
// or refused by the same rules the server runs.

const START = "2026-01-01";
const attempt = fc.record({
  kind: fc.constantFrom<EnteredKind>("receipt", "issue", "count", "opening"),
  day: fc.integer({ min: 0, max: 120 }),
  // Whole thousandths, as the column keeps them.
  thousandths: fc.integer({ min: 0, max: 50_000 }),
});

/** Applies the attempts in order as the server would; returns the admitted movements. */
function admit(attempts: { kind: EnteredKind; day: number; thousandths: number }[]): LedgerEntry[] {
  const ledger: LedgerEntry[] = [];
  for (const { kind, day, thousandths } of attempts) {
    const movedOn = addDays(START, day);
    const quantity = thousandths / 1000;
    if (kind !== "count" && quantity === 0) continue;
    const change = signedChange(ledger, { kind, movedOn, quantity });
    if (belowZeroProblem(ledger, { movedOn, quantity: change })) continue;
    ledger.push({ movedOn, quantity: change, kind });
  }
  return ledger;
}

const every = <T>(array: fc.Arbitrary<T>) => fc.array(array, { maxLength: 60 });

describe("ledger properties", () => {
  it("never lets the stock fall below zero on any date", () => {
    fc.assert(
      fc.property(every(attempt), (attempts) => {
        const ledger = admit(attempts);
        for (let day = 0; day <= 121; day++) {
          expect(toThousandths(stockOn(ledger, addDays(START, day)))).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("closes each period at the next one's opening, and closing = stock on the last day", () => {
    fc.assert(
      fc.property(every(attempt), fc.integer({ min: 1, max: 60 }), (attempts, length) => {
        const ledger = admit(attempts);
        let from = START;
        while (from <= addDays(START, 121)) {
          const to = addDays(from, length - 1);
          const figures = periodFigures(ledger, from, to);
          const next = periodFigures(ledger, addDays(to, 1), addDays(to, length));
          expect(next.opening).toBe(figures.closing);
          expect(figures.closing).toBe(stockOn(ledger, to));
          expect(figures.opening).toBe(stockOn(ledger, addDays(from, -1)));
          from = addDays(to, 1);
        }
      }),
    );
  });

  it("a reversal cancels its movement exactly: every day's stock and every period's figures", () => {
    fc.assert(
      fc.property(every(attempt), fc.nat(), (attempts, pick) => {
        const ledger = admit(attempts);
        fc.pre(ledger.length > 0);
        const index = pick % ledger.length;
        const original = ledger[index];
        const reversal: LedgerEntry = {
          movedOn: original.movedOn,
          quantity: -original.quantity,
          kind: "reversal",
          reversedKind: original.kind as EnteredKind,
        };
        // Reversing is refused when it would take the stock below zero; otherwise it cancels.
        if (belowZeroProblem(ledger, reversal)) return;
        const reversed = [...ledger, reversal];
        const without = ledger.filter((_, i) => i !== index);
        for (let day = 0; day <= 121; day += 7) {
          const date = addDays(START, day);
          expect(stockOn(reversed, date)).toBe(stockOn(without, date));
          expect(periodFigures(reversed, START, date)).toEqual(periodFigures(without, START, date));
        }
      }),
    );
  });
});
