import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { startJobs, stopJobs } from "#app/jobs.server.ts";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { setSubscriptions } from "#app/reminders/queries.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { action as settingsAction } from "#app/settings/routes/settings.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { signedInUser } from "#tests/support/users.ts";

// A digest time saved on /settings takes effect without a restart: the queue's schedule (one row
// every instance's queue reads) follows, and a time already past today sends today's digest now,
// as a restart after that time would. Before, only a restart's catch-up sent it: the schedule's
// next run of a time already past was tomorrow's.

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "PlantOps <plantops@plant.test>";
process.env.APP_URL = "https://plantops.plant.test";
const ZONE = process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata";

afterAll(async () => {
  await stopJobs();
  await smtp.close();
});

/** Polls a query until it holds (the queue's workers answer in their own time). */
async function until(what: string, check: () => Promise<boolean>, seconds = 20) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const digestRunsLeft = async () => {
  const rows = (await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'daily-digest' and state in ('created', 'retry', 'active')`,
  )) as unknown as { n: number }[];
  return rows[0].n;
};

describe("the digest time saved on /settings", () => {
  it("replaces the queue's schedule, and a time already past today sends today's digest now", async () => {
    const admin = await signedInUser();
    const boss = await startJobs(process.env.DATABASE_URL!);
    // The start's own catch-up (08:00 may have passed) runs first, while nobody is subscribed.
    await until("the start's digest run to finish", async () => (await digestRunsLeft()) === 0);

    const [{ id: adminId }] = (await db.execute(
      sql`select id from users where email = ${admin.email}`,
    )) as unknown as { id: string }[];
    await setSubscriptions(db, adminId, ["contracts"]);
    const today = dateInZone(new Date(), ZONE);
    await db.insert(contracts).values({
      equipment: "Fire pump",
      company: "Acme Pumps",
      validityTo: addDays(today, 7),
      mobileNumber: "98765 43210",
    });

    const form = { plantName: "North Plant", companyName: "Gas Co", dueSoonDays: "7", reminderOffsets: "7" };
    const response = await run(
      settingsAction,
      buildRequest("/settings", { cookie: admin.cookie, form: { ...form, digestTime: "00:00" } }),
    );
    expect(response.status).toBe(302);
    expect((await getPlantSettings(db)).digestTime).toBe("00:00");
    const schedule = (await boss.getSchedules()).find((row) => row.name === "daily-digest");
    expect(schedule).toMatchObject({ cron: "0 0 * * *", timezone: ZONE });

    // 00:00 has passed on every day: today's digest goes out without a restart.
    await until("today's digest to arrive", async () => smtp.received.length > 0);
    expect(smtp.received.map((message) => message.to)).toEqual([[admin.email]]);
    expect(smtp.received[0].text).toContain('"Fire pump" ("Acme Pumps"): validity ends');

    // Saving again with the same time asks for no run: the day's digest has gone.
    const again = await run(
      settingsAction,
      buildRequest("/settings", { cookie: admin.cookie, form: { ...form, digestTime: "00:00" } }),
    );
    expect(again.status).toBe(302);
    expect(await digestRunsLeft()).toBe(0);
  }, 60_000);
});
