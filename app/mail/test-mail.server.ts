import { z } from "zod";
import { languageOfAddress } from "#app/auth/people.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { mailLanguage, wordsIn } from "#app/i18n/words.server.ts";
import type { WordedRefusal } from "#app/lib/outcome.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { mailNotReadyReason } from "#app/mail/rules.ts";

const address = z.string().trim().max(254).pipe(z.email());

/**
 * "Send a test e-mail" (/settings): queues one message, or says why it cannot. The message is in
 * the language of the account of that address, else the plant's (`plantLanguage`).
 */
export async function queueTestMail(
  db: Tx,
  to: unknown,
  settings: { SMTP_URL?: string; MAIL_FROM?: string; APP_URL?: string },
  plantLanguage = "en",
): Promise<{ ok: true; to: string; id: string } | WordedRefusal<"mail-off" | "bad-address">> {
  const off = mailNotReadyReason(settings);
  if (off) return { ok: false, reason: "mail-off", message: off };
  const parsed = address.safeParse(typeof to === "string" ? to : "");
  if (!parsed.success) return { ok: false, reason: "bad-address", message: "Enter a valid e-mail address." };
  const language = mailLanguage({ language: await languageOfAddress(db, parsed.data) }, plantLanguage);
  const say = wordsIn(language, ["mail"]);
  const id = await queueMail(db, "test", {
    to: parsed.data,
    subject: say("PlantOps test e-mail"),
    text: [
      say("This is a test e-mail from PlantOps."),
      say("If you can read it, the plant's reminders can reach you by e-mail."),
      settings.APP_URL ? `\nPlantOps: ${settings.APP_URL}/home` : "",
    ].join("\n"),
  });
  return { ok: true, to: parsed.data, id };
}
