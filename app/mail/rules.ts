import * as z from "zod/mini";
import { isRecordId } from "#app/lib/record-id.ts";

// Outbox rules (issue 19), pure: how long a message waits after a failed attempt, and when it is
// given up as failed. The worker and the admin page (its "next try" column) read the same numbers.

/** After this many failed attempts a message is marked failed; an admin may "send again". */
export const MAX_ATTEMPTS = 6;

/** Minutes before the next try after `attempts` failures: 1, 2, 4, 8, 16 (an SMTP server's bad minute, then its bad hour). */
export function retryDelayMinutes(attempts: number): number {
  return 2 ** Math.max(0, Math.min(attempts, MAX_ATTEMPTS) - 1);
}

export type OutboxStatus = "queued" | "sent" | "failed";

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
};

/** An SMTP error can carry the server's whole answer; the outbox keeps the first line, capped. */
export function errorSummary(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split(/\r?\n/)[0]?.trim() || "Unknown error";
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Why mail cannot go out, or null when it can (shown on /settings). */
export function mailNotReadyReason(settings: { SMTP_URL?: string; MAIL_FROM?: string }): string | null {
  if (!settings.SMTP_URL)
    return "E-mail is off: SMTP_URL is not set, so reminders are shown in the app only. Set SMTP_URL and MAIL_FROM and restart PlantOps to send them by e-mail.";
  if (!settings.MAIL_FROM)
    return "E-mail is off: MAIL_FROM (the sender's address) is not set, so reminders are shown in the app only.";
  return null;
}

/** The outbox's "Send again" form: which message. */
export const sendAgainSchema = z.object({
  intent: z.literal("send-again"),
  id: z.string().check(z.refine(isRecordId)),
});

/**
 * /settings' "Send a test e-mail" form. The address is checked when the message is queued
 * (queueTestMail), after the check that mail is set up at all, so the form takes any text here.
 */
export const testMailSchema = z.object({
  intent: z.literal("test-mail"),
  to: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value ?? ""),
  ),
});
