import { useId } from "react";
import type { WhatsAppLink } from "#app/contracts/rules.ts";

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
  const reasonId = useId();
  if (link.href !== null) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className="button small whatsapp">
        {label}
        <span className="visually-hidden"> {about}</span>
      </a>
    );
  }
  return (
    <span className="send-disabled">
      <button type="button" className="button small" disabled title={link.reason} aria-describedby={reasonId}>
        {label}
        <span className="visually-hidden"> {about}</span>
      </button>
      <small id={reasonId}>{link.reason}</small>
    </span>
  );
}
