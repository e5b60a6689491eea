import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "#app/auth/password.server.ts";

describe("password hashing", () => {
  it("stores scrypt with its cost and a random salt, never the password", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(first).not.toContain("correct horse");
    expect(first).not.toBe(second);
  });

  it("verifies the right password and refuses a wrong or malformed one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("anything", "plaintext")).toBe(false);
  });
});
