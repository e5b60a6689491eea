import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { MIN_PASSWORD_LENGTH } from "#app/auth/rules.ts";
import { Field } from "#app/ui/form.tsx";

type PasswordField = FieldMetadata<string>;

/** "New password" and "Repeat new password", shared by /account and /change-password. */
export function NewPasswordFields({ next, repeat }: { next: PasswordField; repeat: PasswordField }) {
  return (
    <>
      <Field
        label="New password"
        id={next.id}
        errors={next.errors}
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, not one of the most common passwords.`}
      >
        <input {...getInputProps(next, { type: "password" })} autoComplete="new-password" />
      </Field>
      <Field label="Repeat new password" id={repeat.id} errors={repeat.errors} required>
        <input {...getInputProps(repeat, { type: "password" })} autoComplete="new-password" />
      </Field>
    </>
  );
}
