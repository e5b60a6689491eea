import { describe, expect, it } from "vitest";
import { faultSummary, isDatabaseAway } from "#app/lib/database-away.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("the database away", () => {
  it("is told by the driver's, the socket's and PostgreSQL's codes, also under Drizzle's wrapper", () => {
    expect(isDatabaseAway(withCode("write CONNECTION_CLOSED 127.0.0.1:5432", "CONNECTION_CLOSED"))).toBe(
      true,
    );
    expect(isDatabaseAway(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseAway(withCode("terminating connection due to administrator command", "57P01"))).toBe(
      true,
    );
    expect(isDatabaseAway(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseAway(withCode("connection failure", "08006"))).toBe(true);
    const wrapped = new Error("Failed query: insert into stock_movements … params: 42", {
      cause: withCode("write CONNECTION_CLOSED", "CONNECTION_CLOSED"),
    });
    expect(isDatabaseAway(wrapped)).toBe(true);
    expect(
      isDatabaseAway(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")])),
    ).toBe(true);
  });

  it("is not any other fault: a constraint, a bug, a refused value", () => {
    expect(isDatabaseAway(withCode("duplicate key value violates unique constraint", "23505"))).toBe(false);
    expect(isDatabaseAway(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseAway("CONNECTION_CLOSED")).toBe(false);
    expect(isDatabaseAway(undefined)).toBe(false);
  });

  it("is logged as its cause's code and first line, never the query and its parameters", () => {
    const wrapped = new Error(
      "Failed query: insert into users (email) values ($1)\nparams: someone@plant.test",
      {
        cause: withCode("write CONNECTION_CLOSED 127.0.0.1:5432", "CONNECTION_CLOSED"),
      },
    );
    expect(faultSummary(wrapped)).toBe("CONNECTION_CLOSED write CONNECTION_CLOSED 127.0.0.1:5432");
  });
});
