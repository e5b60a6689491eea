import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loader as healthLoader } from "#app/api/routes/health.ts";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { startJobs, stopJobs } from "#app/jobs.server.ts";
import { smtpMailer } from "#app/mail/mailer.server.ts";
import { flushOutbox, queueMail, sendAgain } from "#app/mail/outbox.server.ts";
import { action as outboxAction, loader as outboxLoader } from "#app/mail/routes/outbox.tsx";
import { MAX_ATTEMPTS } from "#app/mail/rules.ts";
import { outbox } from "#app/mail/table.server.ts";
import { action as settingsAction, loader as settingsLoader } from "#app/settings/routes/settings.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { createUser, signedInUser } from "#tests/support/users.ts";

// The plant's SMTP settings point at a real SMTP server started here (before anything reads them).
const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "PlantOps <plantops@plant.test>";
process.env.APP_URL = "https://plantops.plant.test";

const mailer = smtpMailer(smtp.url, "PlantOps <plantops@plant.test>");
// The first account of a test file's database is its admin (who may use /settings).
let admin: Promise<{ cookie: string }> | undefined;
async function adminCookie() {
  admin ??= signedInUser();
  return (await admin).cookie;
}

const minutesLater = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);

afterAll(async () => {
  await stopJobs();
  await smtp.close();
});

beforeEach(async () => {
  await db.delete(outbox);
  smtp.received.length = 0;
  smtp.refuse(0);
});

/** What /api/health says of the mail. */
async function mailHealth() {
  const health = (await (await run(healthLoader, buildRequest("/api/health"))).json()) as { mail: string };
  return health.mail;
}

async function rowOf(id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

describe("the outbox", () => {
  it("delivers a queued message to the SMTP server and marks it sent", async () => {
    const id = await queueMail(db, "test", {
      to: "shift@plant.test",
      subject: "Hello plant",
      text: "Body line",
    });
    expect(await flushOutbox(db, mailer, new Date())).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      to: ["shift@plant.test"],
      from: "plantops@plant.test",
      subject: "Hello plant",
    });
    expect(smtp.received[0].text).toContain("Body line");
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("keeps a message the server refused once, waits the backoff, then sends it", async () => {
    smtp.refuse(1);
    const id = await queueMail(db, "test", { to: "stores@plant.test", subject: "Retry me", text: "x" });
    const now = new Date();
    expect(await flushOutbox(db, mailer, now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.lastError).toMatch(/451/);
    expect(smtp.received).toHaveLength(0);
    // /api/health tells a monitor that mail is waiting on the mail server.
    expect(await mailHealth()).toBe("retrying");

    // Within the backoff nothing is tried again; after it, the message goes.
    expect(await flushOutbox(db, mailer, now)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await flushOutbox(db, mailer, minutesLater(now, 1.5))).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["Retry me"]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await mailHealth()).toBe("ok");
  });

  it("marks a message failed with the server's error after the last attempt; send again delivers it", async () => {
    smtp.refuse(100);
    const id = await queueMail(db, "test", { to: "admin@plant.test", subject: "Doomed", text: "x" });
    let now = new Date();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await flushOutbox(db, mailer, now);
      now = minutesLater(now, 60);
    }
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.lastError).toMatch(/451/);
    expect(await flushOutbox(db, mailer, minutesLater(now, 600))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });

    smtp.refuse(0);
    const cookie = await adminCookie();
    const listed = await (await run(outboxLoader, buildRequest("/settings/outbox", { cookie }))).json();
    expect(listed.rows).toEqual([
      expect.objectContaining({
        id,
        status: "failed",
        recipient: "admin@plant.test",
        lastError: expect.stringMatching(/451/),
      }),
    ]);
    const again = await run(
      outboxAction,
      buildRequest("/settings/outbox", { cookie, form: { intent: "send-again", id } }),
    );
    expect(again.status).toBe(302);
    expect(await rowOf(id)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await flushOutbox(db, mailer, new Date())).toMatchObject({ sent: 1 });
  });

  it("answers 400, not a 500, to send again without a valid message id", async () => {
    const cookie = await adminCookie();
    const bad = await run(
      outboxAction,
      buildRequest("/settings/outbox", { cookie, form: { intent: "send-again", id: "x'; drop" } }),
    );
    expect(bad.status).toBe(400);
    const gone = await run(
      outboxAction,
      buildRequest("/settings/outbox", {
        cookie,
        form: { intent: "send-again", id: "00000000-0000-4000-8000-000000000000" },
      }),
    );
    expect(gone.status).toBe(404);
    expect(
      await sendAgain(db, "00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000000"),
    ).toBe(false);
  });

  it("sends each message once when two workers flush at the same time", async () => {
    for (let n = 0; n < 6; n++)
      await queueMail(db, "test", { to: `p${n}@plant.test`, subject: `Once ${n}`, text: "x" });
    const [a, b] = await Promise.all([
      flushOutbox(db, mailer, new Date()),
      flushOutbox(db, mailer, new Date()),
    ]);
    expect(a.sent + b.sent).toBe(6);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => `Once ${n}`),
    );
  });
});

describe("Send a test e-mail on /settings", () => {
  it("queues the message, and the queue's worker delivers it through SMTP", async () => {
    await startJobs(process.env.DATABASE_URL!);
    const cookie = await adminCookie();
    const page = await (await run(settingsLoader, buildRequest("/settings", { cookie }))).json();
    expect(page.mail.offReason).toBeNull();
    const response = await run(
      settingsAction,
      buildRequest("/settings", { cookie, form: { intent: "test-mail", to: "manager@plant.test" } }),
    );
    expect(response.status).toBe(302);
    for (let tries = 0; tries < 60 && smtp.received.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: ["manager@plant.test"], subject: "PlantOps test e-mail" });
    expect(smtp.received[0].text).toContain("https://plantops.plant.test/home");
    const [row] = await db.select().from(outbox);
    expect(row).toMatchObject({ status: "sent", kind: "test" });
  });

  it("writes the test message in the language of the address's account, else the plant's (issue 37)", async () => {
    const cookie = await adminCookie();
    const hindi = await createUser({ email: "hindi-reader@plant.test" });
    await db.update(users).set({ language: "hi" }).where(eq(users.email, hindi.email));
    for (const to of [hindi.email, "no-account@plant.test"])
      await run(settingsAction, buildRequest("/settings", { cookie, form: { intent: "test-mail", to } }));
    await flushOutbox(db, mailer, minutesLater(new Date(), 1));
    // The queue's worker (started above) may be sending one of them.
    for (let tries = 0; tries < 60 && smtp.received.length < 2; tries++)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const byRecipient = Object.fromEntries(smtp.received.map((mail) => [mail.to[0], mail]));
    expect(byRecipient[hindi.email]?.subject).toBe("PlantOps टेस्ट ई-मेल");
    expect(byRecipient[hindi.email]?.text).toContain("यह PlantOps से भेजा गया टेस्ट ई-मेल है।");
    // An address no account has: the plant's language (English here).
    expect(byRecipient["no-account@plant.test"]?.subject).toBe("PlantOps test e-mail");
    expect(byRecipient["no-account@plant.test"]?.text).toContain("This is a test e-mail from PlantOps.");
  });

  it("refuses a bad address with a message and gives the typed value back", async () => {
    const cookie = await adminCookie();
    const response = await run(
      settingsAction,
      buildRequest("/settings", { cookie, form: { intent: "test-mail", to: "not-an-address" } }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      mailError: "Enter a valid e-mail address.",
      mailTo: "not-an-address",
    });
    expect(await db.select().from(outbox)).toHaveLength(0);
  });
});
