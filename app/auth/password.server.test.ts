import { describe, expect, it } from "vitest";
import { hashPassword, newHashCost, verifyPassword } from "#app/auth/password.server.ts";

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

  it("takes a test-only cost only under NODE_ENV=test, never a weaker one in a running plant", async () => {
    // NODE_ENV is typed as always set; this test unsets it.
    const env = process.env as Record<string, string | undefined>;
    const saved = { env: env.NODE_ENV, cost: env.TEST_PASSWORD_COST };
    try {
      env.TEST_PASSWORD_COST = "1024";
      env.NODE_ENV = "test";
      expect(newHashCost()).toBe(1024);
      const cheap = await hashPassword("correct horse battery");
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
      expect(await verifyPassword("correct horse batterY", cheap)).toBe(false);
      for (const mode of ["production", "development", undefined]) {
        if (mode === undefined) delete env.NODE_ENV;
        else env.NODE_ENV = mode;
        expect(newHashCost()).toBe(2 ** 17);
      }
      env.NODE_ENV = "test";
      for (const odd of ["1000", "0", "1", "-1024", "262144", "131072", "x", ""]) {
        env.TEST_PASSWORD_COST = odd;
        expect(newHashCost()).toBe(2 ** 17);
      }
    } finally {
      if (saved.env === undefined) delete env.NODE_ENV;
      else env.NODE_ENV = saved.env;
      if (saved.cost === undefined) delete env.TEST_PASSWORD_COST;
      else env.TEST_PASSWORD_COST = saved.cost;
    }
  });
});
