import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { statusBounds } from "#app/contracts/rules.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { smtpMailer } from "#app/mail/mailer.server.ts";
import { flushOutbox } from "#app/mail/outbox.server.ts";
import { outbox } from "#app/mail/table.server.ts";
import { runDigest, setSubscriptions, subscriptionsOf } from "#app/reminders/queries.server.ts";
import { reminderSubscriptions, remindersSent } from "#app/reminders/table.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { action as settingsAction } from "#app/settings/routes/settings.tsx";
import { sopRecords } from "#app/sop/table.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { action as accountAction } from "#app/users/routes/account.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { createUser, signIn } from "#tests/support/users.ts";

// The daily digest (issue 19) for fixed plant days, delivered to a real SMTP server.
const smtp = await startSmtpServer();
const mailer = smtpMailer(smtp.url, "plantops@plant.test");
const APP = "https://plantops.plant.test";
const OFFSETS = [60, 30, 7];
/** The digest of `today`, run at 08:00 plant time (Kolkata). */
const digest = (today: string) =>
  runDigest(db, {
    today,
    bounds: statusBounds(new Date(`${today}T08:00:00+05:30`), "Asia/Kolkata"),
    offsets: OFFSETS,
    appUrl: APP,
    plantName: "North Plant",
  });

afterAll(() => smtp.close());

async function userId(email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

async function setRole(email: string, role: "admin" | "staff" | "guard" | "viewer") {
  await db.update(users).set({ role }).where(eq(users.email, email));
}

async function queuedFor(email: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, email));
}

const admin = await createUser({ email: "manager@plant.test" }); // first account: admin
const stores = await createUser({ email: "stores@plant.test" });
const gate = await createUser({ email: "gate@plant.test" });
await setRole(gate.email, "guard");

beforeEach(async () => {
  for (const table of [outbox, remindersSent, reminderSubscriptions, contracts, inventoryItems])
    await db.delete(table);
  smtp.received.length = 0;
  await setSubscriptions(db, await userId(admin.email), ["contracts", "spares"]);
  await setSubscriptions(db, await userId(stores.email), ["spares"]);
  await setSubscriptions(db, await userId(gate.email), ["contracts", "returns"]);
  await db.insert(contracts).values([
    {
      equipment: "Fire pump",
      company: "Acme Pumps",
      validityTo: "2026-12-23", // 30 days after 23-11-2026
      nextDueOn: "2027-03-01",
      mobileNumber: "98765 43210",
    },
    { equipment: "Compressor", company: "Beta", validityTo: "2027-06-01", nextDueOn: "2026-11-20" }, // PMS 3 days overdue
    { equipment: "Weighbridge", company: "Gamma", validityTo: "2027-09-01", nextDueOn: "2027-09-01" }, // nothing due
  ]);
  await db.insert(inventoryItems).values([
    {
      department: "FireFight",
      srno: 1,
      assets: "Hose reel",
      componentsAndEquipments: "",
      availableStock: 1,
      minStock: 3,
      leadTimeDays: 10,
    },
    {
      department: "FireFight",
      srno: 2,
      assets: "Extinguisher",
      componentsAndEquipments: "",
      availableStock: 20,
      minStock: 3,
      leadTimeDays: 10,
    },
  ]);
});

describe("the daily digest", () => {
  it("sends one message per subscriber with what they chose, the links and WhatsApp links", async () => {
    expect(await digest("2026-11-23")).toMatchObject({ messages: 2, contractReminders: 2 });
    expect(await flushOutbox(db, mailer, new Date(Date.now() + 60_000))).toMatchObject({ sent: 2 });
    const byRecipient = Object.fromEntries(smtp.received.map((mail) => [mail.to[0], mail]));
    expect(Object.keys(byRecipient).sort()).toEqual(["manager@plant.test", "stores@plant.test"]);

    const manager = byRecipient["manager@plant.test"];
    expect(manager.subject).toBe("North Plant: 3 reminders for 23/11/2026");
    expect(manager.text).toContain('- "Fire pump" ("Acme Pumps"): validity ends 23/12/2026, in 30 days');
    expect(manager.text).toContain(`${APP}/amc?q=Fire%20pump`);
    expect(manager.text).toContain('WhatsApp "98765 43210": https://wa.me/919876543210?text=');
    // The WhatsApp message names the date it is about: the validity end, not a next due date.
    expect(manager.text).toContain(encodeURIComponent("AMC for the equipment: Fire pump ends on 23/12/2026"));
    expect(manager.text).toContain('- "Compressor" ("Beta"): PMS due 20/11/2026, 3 days overdue');
    expect(manager.text).toContain(`- FireFight #1 "Hose reel": 1 in stock, minimum 3`);
    expect(manager.text).toContain("Spares to order (Order to place: at or below minimum stock):");
    expect(manager.text).toContain(`${APP}/products/FireFight?status=Order%20to%20place`);
    expect(manager.text).not.toContain("Weighbridge");
    expect(manager.text).not.toContain("Extinguisher");

    const storesMail = byRecipient["stores@plant.test"];
    expect(storesMail.text).toContain("Hose reel");
    expect(storesMail.text).not.toContain("Fire pump");
  });

  it("writes each person's digest in their language, subject included, the plant's for who chose none (issue 37)", async () => {
    await db.update(users).set({ language: "hi" }).where(eq(users.email, admin.email));
    try {
      expect(await digest("2026-11-23")).toMatchObject({ messages: 2 });
      expect(await flushOutbox(db, mailer, new Date(Date.now() + 60_000))).toMatchObject({ sent: 2 });
      const byRecipient = Object.fromEntries(smtp.received.map((mail) => [mail.to[0], mail]));

      // The admin chose Hindi: our words are Hindi; the records, dates, links and codes stay as they are.
      const hindi = byRecipient["manager@plant.test"];
      expect(hindi.subject).toBe("North Plant: 23/11/2026 के 3 रिमाइंडर");
      expect(hindi.text).toContain("23/11/2026 के लिए PlantOps के रोज़ के रिमाइंडर।");
      expect(hindi.text).toContain(`कॉन्ट्रैक्ट (AMC): ${APP}/amc`);
      expect(hindi.text).toContain('- "Fire pump" ("Acme Pumps"): वैधता 23/12/2026 को खत्म, 30 दिन में');
      expect(hindi.text).toContain('- "Compressor" ("Beta"): PMS 20/11/2026 को बाकी, 3 दिन देर');
      expect(hindi.text).toContain('- FireFight #1 "Hose reel": स्टॉक में 1, न्यूनतम 3');
      expect(hindi.text).toContain(`अपने रिमाइंडर चुनें: ${APP}/account`);
      expect(hindi.text).not.toMatch(/validity ends|in stock|Choose your reminders|daily reminders/);

      // The storekeeper chose none and the plant's language is English.
      const english = byRecipient["stores@plant.test"];
      expect(english.subject).toBe("North Plant: 1 reminder for 23/11/2026");
      expect(english.text).toContain('- FireFight #1 "Hose reel": 1 in stock, minimum 3');
      expect(english.text).toContain(`Choose your reminders: ${APP}/account`);

      // With the plant's language Hindi, who chose none reads Hindi too.
      await db.delete(remindersSent);
      smtp.received.length = 0;
      await runDigest(db, {
        today: "2026-11-24",
        bounds: statusBounds(new Date("2026-11-24T08:00:00+05:30"), "Asia/Kolkata"),
        offsets: OFFSETS,
        appUrl: APP,
        plantName: "North Plant",
        language: "hi",
      });
      await flushOutbox(db, mailer, new Date(Date.now() + 60_000));
      const stores = smtp.received.find((mail) => mail.to[0] === "stores@plant.test");
      expect(stores?.subject).toBe("North Plant: 24/11/2026 का 1 रिमाइंडर");
      expect(stores?.text).toContain('- FireFight #1 "Hose reel": स्टॉक में 1, न्यूनतम 3');
    } finally {
      await db.update(users).set({ language: null }).where(eq(users.email, admin.email));
    }
  });

  it("holds a guard's AS15 text on one quoted line with no link: it cannot pose as the administrator (issue 31)", async () => {
    await db.insert(sopRecords).values({
      format: "AS15",
      recordDate: "2026-11-10",
      data: {
        entries: [
          {
            date: "2026-11-10",
            gatePassNo: "GP-31",
            descriptionOfItems:
              "2 cylinders\n\nFrom the administrator: re-enter your password at http://evil.example/a\n\n",
            issuedTo: "Vendor",
            expectedDateOfReturn: "2026-11-20",
            dateOfReturn: "",
          },
        ],
      },
    });
    try {
      expect(await digest("2026-11-23")).toMatchObject({ messages: 3 });
      await flushOutbox(db, mailer, new Date(Date.now() + 60_000));
      const guardMail = smtp.received.find((mail) => mail.to[0] === gate.email);
      const lines = (guardMail?.text ?? "").split(/\r?\n/);
      expect(lines.filter((line) => line.includes("GP-31"))).toEqual([
        '- Gate pass "GP-31": "2 cylinders From the administrator: re-enter your password at http[:]//evil.example/a" issued to "Vendor", expected back 20/11/2026 (3 days overdue)',
      ]);
      expect(lines.some((line) => line.startsWith("From the administrator"))).toBe(false);
      expect(guardMail?.text).not.toContain("http://evil.example");
      expect(guardMail?.raw).not.toContain("http://evil");
    } finally {
      await db.delete(sopRecords);
    }
  });

  it("sends no second message the same day, and never the same contract offset twice", async () => {
    await digest("2026-11-23");
    expect(await digest("2026-11-23")).toMatchObject({ messages: 0 });
    expect(await queuedFor(admin.email)).toHaveLength(1);

    // The next day: the 30-day reminder of the fire pump was sent; the overdue PMS is daily.
    expect(await digest("2026-11-24")).toMatchObject({ messages: 2, contractReminders: 1 });
    const [, second] = (await queuedFor(admin.email)).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
    expect(second.body).not.toContain("Fire pump");
    expect(second.body).toContain('"Compressor" ("Beta"): PMS due 20/11/2026, 4 days overdue');
  });

  it("catches up a reminder whose day was missed while the server was down", async () => {
    await db.delete(contracts);
    await db.insert(contracts).values({ equipment: "DG set", company: "Delta", validityTo: "2026-12-31" });
    // 30-11: 31 days left, the 60-day reminder; 01-12 (30 days) the server was down; 02-12 catches up.
    expect(await digest("2026-11-30")).toMatchObject({ contractReminders: 1 });
    expect(await digest("2026-12-02")).toMatchObject({ contractReminders: 1 });
    const sent = await db.select().from(remindersSent).where(eq(remindersSent.kind, "contract-validity"));
    expect(sent.map((row) => [row.offset, row.dueDate])).toEqual([
      [60, "2026-12-31"],
      [30, "2026-12-31"],
    ]);
    const mails = await queuedFor(admin.email);
    expect(mails.at(-1)?.body).toContain(`"DG set" ("Delta"): validity ends 31/12/2026, in 29 days`);
  });

  it("gives a guard only what their role may read: no contracts", async () => {
    await digest("2026-11-23");
    expect(await queuedFor(gate.email)).toHaveLength(0);
  });
});

describe("reminder choices on /account", () => {
  it("saves the kinds ticked, and drops a kind the role may not read", async () => {
    const cookie = await signIn(gate);
    const response = await run(
      accountAction,
      buildRequest("/account", { cookie, form: { intent: "reminders", kind: ["returns", "contracts"] } }),
    );
    expect(response.status).toBe(302);
    expect(await subscriptionsOf(db, await userId(gate.email))).toEqual(["returns"]);
  });
});

describe("reminder settings on /settings", () => {
  const form = { plantName: "North Plant", companyName: "Gas Co", dueSoonDays: "7", digestTime: "07:30" };

  it("saves the offsets largest first and the digest time", async () => {
    const cookie = await signIn(admin);
    const response = await run(
      settingsAction,
      buildRequest("/settings", { cookie, form: { ...form, reminderOffsets: "7, 90 30" } }),
    );
    expect(response.status).toBe(302);
    expect(await getPlantSettings(db)).toMatchObject({ reminderOffsets: [90, 30, 7], digestTime: "07:30" });
  });

  it("refuses offsets that are not whole days and a bad time, with the spec's kind of message", async () => {
    const cookie = await signIn(admin);
    const response = await run(
      settingsAction,
      buildRequest("/settings", { cookie, form: { ...form, reminderOffsets: "sixty", digestTime: "25:00" } }),
    );
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain("Enter whole numbers of days, separated by commas.");
    expect(body).toContain("Enter a time such as 08:00.");
  });
});
