import { describe, expect, it } from "vitest";
import { errorSummary, MAX_ATTEMPTS, mailNotReadyReason, retryDelayMinutes } from "#app/mail/rules.ts";

describe("outbox retries", () => {
  it("waits twice as long after each failure, from one minute", () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMinutes)).toEqual([1, 2, 4, 8, 16]);
  });

  it("never waits less than a minute nor grows past the last attempt's delay", () => {
    expect(retryDelayMinutes(0)).toBe(1);
    expect(retryDelayMinutes(MAX_ATTEMPTS + 10)).toBe(retryDelayMinutes(MAX_ATTEMPTS));
  });
});

describe("the outbox's error column", () => {
  it("keeps the first line of the server's answer, capped at 300 characters", () => {
    expect(errorSummary(new Error("550 mailbox unavailable\nmore detail"))).toBe("550 mailbox unavailable");
    expect(errorSummary(new Error("x".repeat(500)))).toHaveLength(300);
    expect(errorSummary("")).toBe("Unknown error");
  });
});

describe("why mail is off", () => {
  it("names the missing setting, and is null when both are set", () => {
    expect(mailNotReadyReason({})).toMatch(/SMTP_URL is not set/);
    expect(mailNotReadyReason({ SMTP_URL: "smtp://mail.plant.test" })).toMatch(/MAIL_FROM/);
    expect(
      mailNotReadyReason({ SMTP_URL: "smtp://mail.plant.test", MAIL_FROM: "plant@plant.test" }),
    ).toBeNull();
  });
});
