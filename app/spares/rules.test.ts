import { describe, expect, it } from "vitest";
import {
  AVAILABLE,
  deleteHrefOf,
  departmentOfListPath,
  excessShortFall,
  isDepartment,
  ORDER_TO_PLACE,
  orderStatus,
  orderStatusOf,
  safeListPath,
} from "#app/spares/rules.ts";

describe("excess/shortfall", () => {
  // Available stock minus min stock, a missing figure counting as 0, in the 3 decimals stock is
  // measured in without floating-point noise; equal figures give 0, never −0 (toBe tells them apart).
  it.each([
    [10, 4, 6],
    [4, 10, -6],
    [undefined, 5, -5],
    [7, null, 7],
    [undefined, undefined, 0],
    [Number.NaN, 2, -2],
    [10.1, 3.05, 7.05],
    [0.3, 0.1, 0.2],
    [2.5, 2.5, 0],
  ])("of %s available and %s minimum is %s", (available, minimum, expected) => {
    expect(excessShortFall(available, minimum)).toBe(expected);
  });
});

describe("order status", () => {
  it("is 'Order to place' at 0 or below and 'Available' above", () => {
    expect(orderStatus(-0.001)).toBe(ORDER_TO_PLACE);
    expect(orderStatus(0)).toBe(ORDER_TO_PLACE);
    expect(orderStatus(0.001)).toBe(AVAILABLE);
    expect(orderStatus(excessShortFall(5, 5))).toBe("Order to place");
    expect(orderStatus(excessShortFall(6, 5))).toBe("Available");
  });
});

describe("a line's status of order, derived from its stock", () => {
  it("is 'Order to place' when available − minimum ≤ 0, at equal figures too, and 'Available' above", () => {
    expect(orderStatusOf(4, 5)).toBe(ORDER_TO_PLACE);
    expect(orderStatusOf(5, 5)).toBe(ORDER_TO_PLACE);
    expect(orderStatusOf(0, 0)).toBe(ORDER_TO_PLACE);
    expect(orderStatusOf(12, 2)).toBe(AVAILABLE);
    expect(orderStatusOf(0.001, 0)).toBe(AVAILABLE);
  });

  it("compares in the 3 decimals stock is kept in, without floating-point noise", () => {
    // 0.3 − 0.1 − 0.2 is 2.8e-17 in floating point: equal figures, so an order is due.
    expect(orderStatusOf(0.3, 0.1 + 0.2)).toBe(ORDER_TO_PLACE);
    expect(orderStatusOf(2.501, 2.5)).toBe(AVAILABLE);
    expect(orderStatusOf(2.499, 2.5)).toBe(ORDER_TO_PLACE);
  });

  it("counts a missing figure as 0", () => {
    expect(orderStatusOf(undefined, 1)).toBe(ORDER_TO_PLACE);
    expect(orderStatusOf(1, null)).toBe(AVAILABLE);
  });
});

describe("departments and their tables", () => {
  it("knows the three departments in exact case only", () => {
    expect(["Electrician", "FireFight", "Technician"].every(isDepartment)).toBe(true);
    expect(isDepartment("electrician")).toBe(false);
    expect(isDepartment("Firefight")).toBe(false);
    expect(isDepartment(undefined)).toBe(false);
  });

  it("maps the menu addresses and /products/{department} to their department", () => {
    expect(departmentOfListPath("/products")).toBe("Electrician");
    expect(departmentOfListPath("/firefight")).toBe("FireFight");
    expect(departmentOfListPath("/technician/")).toBe("Technician");
    expect(departmentOfListPath("/products/FireFight")).toBe("FireFight");
    expect(departmentOfListPath("/products/Nope")).toBeNull();
    expect(departmentOfListPath("/home")).toBeNull();
  });

  it("returns after a delete only to that department's own tables", () => {
    expect(safeListPath("/firefight", "FireFight")).toBe("/firefight");
    expect(safeListPath("/products", "FireFight")).toBe("/products/FireFight");
    expect(safeListPath("https://evil.example/", "Technician")).toBe("/products/Technician");
    expect(safeListPath(null, "Electrician")).toBe("/products/Electrician");
  });
});

describe("the address a delete posts to", () => {
  const line = { id: "00000000-0000-8000-8000-00000000002a", version: 3 };
  it("names the line's id and version, keeping where to go back to", () => {
    expect(deleteHrefOf("/products/FireFight/7/delete?back=%2Ffirefight", line)).toBe(
      "/products/FireFight/7/delete?back=%2Ffirefight&line=00000000-0000-8000-8000-00000000002a&version=3",
    );
    expect(deleteHrefOf("/products/Electrician/7/delete", line)).toBe(
      "/products/Electrician/7/delete?line=00000000-0000-8000-8000-00000000002a&version=3",
    );
  });
  it("keeps the id and version an address already names", () => {
    expect(deleteHrefOf("/products/Electrician/7/delete?line=x&version=1", line)).toBe(
      "/products/Electrician/7/delete?line=x&version=1",
    );
  });
});
