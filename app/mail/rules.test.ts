import { describe, expect, it } from "vitest";
import {
  errorSummary,
  MAX_ATTEMPTS,
  mailNotReadyReason,
  retryDelayMinutes,
  sendAgainSchema,
  testMailSchema,
} from "#app/mail/rules.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";

describe("outbox retries", () => {
  // Twice as long after each failure, from one minute (and never less).
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 4],
    [4, 8],
    [5, 16],
  ])("after %i failed attempt(s) waits %i minute(s)", (attempts, minutes) => {
    expect(retryDelayMinutes(attempts)).toBe(minutes);
  });

  it("never grows past the last attempt's delay", () => {
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

describe("the outbox's and the test mail's forms", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("sends again only a message named by a record id", () => {
    const id = "0b0f6a8e-3c1d-4f6e-9a7b-2d4c6e8f0a1b";
    const sent = parseSubmission(form({ intent: "send-again", id }), sendAgainSchema);
    expect(sent.status === "success" && sent.value).toEqual({ intent: "send-again", id });
    const refused: Record<string, string>[] = [
      { intent: "send-again", id: "42" },
      { intent: "send-again" },
      { intent: "x", id },
    ];
    for (const fields of refused) expect(parseSubmission(form(fields), sendAgainSchema).status).toBe("error");
  });

  it("takes the test address as typed (blank is empty): queueing the mail checks it", () => {
    const typed = parseSubmission(form({ intent: "test-mail", to: " not an address " }), testMailSchema);
    expect(typed.status === "success" && typed.value.to).toBe(" not an address ");
    const blank = parseSubmission(form({ intent: "test-mail", to: "" }), testMailSchema);
    expect(blank.status === "success" && blank.value.to).toBe("");
  });
});
