import * as z from "zod/mini";
import { ROLES, type Role } from "#app/auth/roles.ts";

// Registration settings an admin sets on /settings (issue 16): the role a new registration gets
// and whether self-registration is open. Shared by the settings form and the server.

export type RegistrationSettings = { role: Role; open: boolean };

export const defaultRegistrationSettings: RegistrationSettings = { role: "staff", open: true };

export const registrationClosedMessage =
  "Registration is closed. Ask your administrator to add your account.";

export const registrationFormSchema = z.object({
  role: z.enum(ROLES, { error: "Choose a role." }),
  // A checkbox: present ("on") when ticked, absent otherwise.
  open: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on"),
  ),
});
