import { useLingui } from "@lingui/react";
import { useId } from "react";
import type { WhatsAppLink } from "#app/contracts/rules.ts";

/** Why a number cannot be used (rules.ts whatsAppNumber), in the page's language: the number is quoted as typed. */
export function whatsAppReason(_: (id: string, values?: Record<string, string>) => string, reason: string) {
  const number = /^"(.*)" is not a valid mobile number\.$/.exec(reason);
  return number ? _('"{number}" is not a valid mobile number.', { number: number[1] }) : _(reason);
}

/**
 * A WhatsApp click-to-chat button: a link opening the chat in a new tab, or, when the number is
 * not usable, a disabled button with the reason shown beside it, so a person sees why, not a
 * link that opens an empty chat.
 */
export function WhatsAppSend({
  link,
  label = "Send",
  about,
}: {
  link: WhatsAppLink;
  label?: string;
  /** Said to screen readers after the label, e.g. "WhatsApp message about Fire pump". */
  about: string;
}) {
  const { _ } = useLingui();
  const reasonId = useId();
  // The label (English by default) and the reason are shown in the page's language; `about` comes
  // worded by the page.
  const text = _(label);
  if (link.href !== null) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className="button small whatsapp">
        {text}
        <span className="visually-hidden"> {about}</span>
      </a>
    );
  }
  const reason = whatsAppReason(_, link.reason);
  return (
    <span className="send-disabled">
      <button type="button" className="button small" disabled title={reason} aria-describedby={reasonId}>
        {text}
        <span className="visually-hidden"> {about}</span>
      </button>
      <small id={reasonId}>{reason}</small>
    </span>
  );
}
