import { useLingui } from "@lingui/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ROLE_LABELS, ROLES, type Role } from "#app/auth/roles.ts";
import { LanguageSwitch } from "#app/i18n/language-switch.tsx";

// Small pieces of the accounts, shared by the people pages and /settings (the registration code).

/** The role <select>; `value` is the role shown (the saved one, or the one just refused). */
export function RoleSelect({ id, name = "role", value }: { id: string; name?: string; value: Role }) {
  const { _ } = useLingui();
  return (
    <select id={id} name={name} defaultValue={value} key={value}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {_(ROLE_LABELS[role])}
        </option>
      ))}
    </select>
  );
}

/**
 * A secret shown once (a temporary password, a new registration code): in a status box, in a
 * <code> the admin can copy, with the reminder that it cannot be shown again.
 */
export function ShownOnce({
  label,
  secret,
  children,
}: {
  label: string;
  secret: string;
  children?: ReactNode;
}) {
  const { _ } = useLingui();
  // `label` and `children` come in the page's language (the caller's words).
  return (
    <div className="shown-once" role="status">
      <p>
        {label}: <code data-testid="shown-once">{secret}</code>
      </p>
      <p className="muted">
        {_("Shown only this once: copy it now and hand it over in person.")} {children}
      </p>
    </div>
  );
}

/**
 * The card of the pages outside the shell (sign-in, register, a new password): its title in the
 * page's language, and on the signed-out pages the language switch.
 */
export function AuthCard({
  id,
  title,
  intro,
  other,
  languageSwitch = true,
  children,
}: {
  id: string;
  title: string;
  /** A line under the title (English, shown in the page's language). */
  intro?: string;
  /** The other signed-out page, under the form: "No account yet? Register". */
  other?: { question: string; to: string; label: string };
  languageSwitch?: boolean;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <main className="auth-page" id="main">
      <section className="auth-card" aria-labelledby={id}>
        {languageSwitch ? <LanguageSwitch /> : null}
        <h1 id={id}>{_(title)}</h1>
        {intro ? <p className="muted">{_(intro)}</p> : null}
        {children}
        {other ? (
          <p>
            {_(other.question)} <Link to={other.to}>{_(other.label)}</Link>
          </p>
        ) : null}
      </section>
    </main>
  );
}
