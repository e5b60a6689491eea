import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema, safeRedirect } from "./rules.ts";

describe("registration rules", () => {
  it("requires e-mail, password and security code", () => {
    const result = registerSchema.safeParse({ email: "", password: "", securityCode: "" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(["E-mail is required.", "Password is required.", "Security code is required."]),
    );
  });

  it("refuses a password shorter than 8 characters", () => {
    const result = registerSchema.safeParse({
      email: "a@plant.test",
      password: "1234567",
      securityCode: "x",
    });
    expect(result.error?.issues[0].message).toBe("Password must be at least 8 characters.");
  });

  it("accepts a valid registration and trims the e-mail", () => {
    const result = registerSchema.safeParse({
      email: "  a@plant.test ",
      password: "12345678",
      securityCode: "CODE",
    });
    expect(result.success && result.data.email).toBe("a@plant.test");
  });

  it("refuses an e-mail that is not one", () => {
    expect(loginSchema.safeParse({ email: "not-an-email", password: "x" }).success).toBe(false);
  });
});

describe("return address after sign-in", () => {
  it("keeps a page of our own site", () => {
    expect(safeRedirect("/amc?x=1")).toBe("/amc?x=1");
  });
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/login",
    "/",
    undefined,
    42,
  ])("falls back to /home for %s", (target) => {
    expect(safeRedirect(target)).toBe("/home");
  });
});
