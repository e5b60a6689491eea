import nodemailer from "nodemailer";
import { serverSettings } from "#app/lib/env.server.ts";
import { mailNotReadyReason } from "#app/mail/rules.ts";

// The one place that talks SMTP (nodemailer, server only). Everything else writes to the outbox.

export type MailMessage = { to: string; subject: string; text: string; html?: string | null };

/** What the outbox worker needs: a way to hand one message to the mail server. */
export type Mailer = { send(message: MailMessage): Promise<void> };

/** A mailer for an SMTP URL and sender; tests point it at their own SMTP server. */
export function smtpMailer(url: string, from: string): Mailer {
  // One pooled connection per process: a digest to twenty people reuses it.
  const transport = nodemailer.createTransport(url, { from });
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

let cached: { key: string; mailer: Mailer } | undefined;

/** The plant's mailer from SMTP_URL and MAIL_FROM, or why there is none. */
export function plantMailer(): { mailer: Mailer; reason: null } | { mailer: null; reason: string } {
  const settings = serverSettings();
  const reason = mailNotReadyReason(settings);
  if (reason || !settings.SMTP_URL || !settings.MAIL_FROM) return { mailer: null, reason: reason ?? "" };
  const key = `${settings.SMTP_URL} ${settings.MAIL_FROM}`;
  if (cached?.key !== key) cached = { key, mailer: smtpMailer(settings.SMTP_URL, settings.MAIL_FROM) };
  return { mailer: cached.mailer, reason: null };
}
