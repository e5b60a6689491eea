import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordWorkPeak } from "#app/auth/password.server.ts";
import { action as apiLogin } from "#app/auth/routes/api-login.ts";
import { loginAttempts, users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { createUser } from "#tests/support/users.ts";

// The one integration file that hashes at the production cost: the cap on concurrent password
// work only shows when each derivation takes its real ~0.5 s. The rest of the suite hashes at a
// test-only cost (TEST_PASSWORD_COST in vitest.config.ts).
const testCost = process.env.TEST_PASSWORD_COST;
beforeAll(() => {
  delete process.env.TEST_PASSWORD_COST;
});
afterAll(() => {
  process.env.TEST_PASSWORD_COST = testCost;
});

function apiSignIn(email: string, password: string, address: string) {
  return run(
    apiLogin,
    buildRequest("/api/auth/login", { json: { email, password }, headers: { "x-plantops-client": address } }),
  );
}

describe("password checks at most two at a time", () => {
  it("runs at most 2 derivations at once; the rest wait briefly, then get 429 and leave no failure behind", async () => {
    const user = await createUser(); // warms the dummy hash up as well
    const [stored] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, user.email));
    expect(stored?.hash).toMatch(/^scrypt\$131072\$/);
    passwordWorkPeak(true);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        apiSignIn(`nobody-${i}@plant.test`, "whatever", `198.51.100.${i}`).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { message: string },
        })),
      ),
    );
    expect(passwordWorkPeak()).toBe(2);
    const busy = answers.filter((answer) => answer.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy)
      expect(answer.body.message).toBe("Too many sign-in attempts, try again in a minute.");
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    const recorded = await db.select().from(loginAttempts);
    expect(recorded.length).toBe(answers.length - busy.length);
  });
});
