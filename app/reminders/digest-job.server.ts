import os from "node:os";
import { statusBounds } from "#app/contracts/rules.ts";
import { db } from "#app/db/client.server.ts";
import type { Job } from "#app/jobs/jobs.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { mailNotReadyReason } from "#app/mail/rules.ts";
import { sendMailSoon } from "#app/mail/send-job.server.ts";
import { runDigest } from "#app/reminders/queries.server.ts";
import { digestCron, digestTimePassed, plantDay } from "#app/reminders/rules.ts";
import { DAILY_DIGEST_JOB } from "#app/settings/digest.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";

// The daily reminders digest (app/reminders): at the plant's digest time (a setting, default
// 08:00, in PLANT_TIME_ZONE), and once at start when that time has already passed today, so a
// server that was down at 08:00 catches up. Running twice is harmless: reminders_sent says what went.

/** Where the mail's links point: APP_URL, or this machine's name and port. */
export function appUrl() {
  const settings = serverSettings();
  return settings.APP_URL ?? `http://${os.hostname()}:${settings.PORT}`;
}

export async function sendDailyDigest(now = new Date()) {
  const settings = serverSettings();
  // Without SMTP the reminders are the app's only: nothing is decided as sent.
  const off = mailNotReadyReason(settings);
  if (off) return { skipped: off };
  const plant = await getPlantSettings(db);
  return runDigest(db, {
    today: plantDay(now, settings.PLANT_TIME_ZONE),
    bounds: statusBounds(now, settings.PLANT_TIME_ZONE, plant.dueSoonDays),
    offsets: plant.reminderOffsets,
    appUrl: appUrl(),
    plantName: plant.plantName,
    language: plant.language,
  });
}

/**
 * Has today's digest time passed (then a run now catches up: at a start after that time, and when
 * /settings moves the time to one already past today, which the schedule alone would first run
 * tomorrow)?
 */
export async function digestTimeHasPassed(now = new Date()) {
  const plant = await getPlantSettings(db);
  return digestTimePassed(now, serverSettings().PLANT_TIME_ZONE, plant.digestTime);
}

export const dailyDigestJob: Job<Awaited<ReturnType<typeof sendDailyDigest>>> = {
  name: DAILY_DIGEST_JOB,
  cron: async () => digestCron((await getPlantSettings(db)).digestTime),
  short: true,
  run: async () => {
    const outcome = await sendDailyDigest();
    if ("messages" in outcome && outcome.messages > 0) await sendMailSoon();
    return outcome;
  },
  catchUp: () => digestTimeHasPassed(),
};
