import { describe, expect, it } from "vitest";
import {
  loginSchema,
  registerSchema,
  throttleDelaySeconds,
  tooManySignIns,
  waitText,
} from "#app/auth/rules.ts";

describe("registration rules", () => {
  const register = (email: string, password: string, securityCode: string) =>
    registerSchema.safeParse({ email, password, securityCode });

  it("requires e-mail, password and security code", () => {
    const result = register("", "", "");
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(["E-mail is required.", "Password is required.", "Security code is required."]),
    );
  });

  it("refuses a password shorter than 8 characters", () => {
    expect(register("a@plant.test", "1234567", "x").error?.issues[0].message).toBe(
      "Password must be at least 8 characters.",
    );
  });

  it("accepts a valid registration and trims the e-mail", () => {
    const result = register("  a@plant.test ", "12345678", "CODE");
    expect(result.success && result.data.email).toBe("a@plant.test");
  });

  it("refuses an e-mail that is not one", () => {
    expect(loginSchema.safeParse({ email: "not-an-email", password: "x" }).success).toBe(false);
  });
});

describe("sign-in throttling", () => {
  it("lets the first failures through, then waits 1 s, 2 s, 4 s … up to the cap", () => {
    expect([0, 4, 5, 6, 7, 12, 40].map((failures) => throttleDelaySeconds(failures, 5, 300))).toEqual([
      0, 0, 1, 2, 4, 128, 300,
    ]);
  });

  it("says how long to wait in seconds or minutes", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(0.2)).toBe("1 second");
    expect(waitText(31.5)).toBe("32 seconds");
    expect(waitText(60)).toBe("a minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(tooManySignIns(60)).toBe("Too many sign-in attempts, try again in a minute.");
  });
});
