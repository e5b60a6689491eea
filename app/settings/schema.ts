import * as z from "zod/mini";
import { multiLineCheck, singleLineCheck } from "#app/lib/text-checks.ts";

// Plant settings an admin edits on /settings (README differences 6 and 19): neutral defaults, no
// company's branding or personal number in the code.

// One line each (app/lib/text.ts: a line break is folded to a space), but the contact address, a <textarea>.
const text = (max: number, lines: "single" | "multi" = "single") =>
  z
    .string()
    .check(
      lines === "multi" ? multiLineCheck : singleLineCheck,
      z.trim(),
      z.maxLength(max, `At most ${max} characters.`),
    );
const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(
      singleLineCheck,
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `At most ${max} characters.`),
    );

const digits = (value: string) => value.replace(/\D/g, "").length;

/** A WhatsApp recipient: digits, optionally with + and spaces; 10 to 15 digits. */
const phone = z.string().check(
  z.trim(),
  z.refine((value) => /^\+?[\d\s-]+$/.test(value) && digits(value) >= 10 && digits(value) <= 15, {
    message: "Enter a phone number of 10 to 15 digits.",
  }),
);

const optionalEmail = z.union([
  z.literal(""),
  z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email("Enter a valid e-mail address.")),
]);

// Spaces alone are not a number (Number("  ") would read them as 0).
const blankAsNaN = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? Number.NaN : value;

const dueSoonDays = z.pipe(
  z.transform(blankAsNaN),
  z.coerce
    .number({ error: "Enter a number of days." })
    .check(
      z.int("Enter a whole number of days."),
      z.minimum(0, "At least 0 days."),
      z.maximum(365, "At most 365 days."),
    ),
);

/** Reminder offsets (issue 19): days before a contract date, "60, 30, 7" in the form. */
const offsetList = z
  .array(
    z
      .number()
      .check(z.int("Whole days only."), z.minimum(1, "At least 1 day."), z.maximum(365, "At most 365 days.")),
  )
  .check(z.minLength(1, "Enter at least one number of days."), z.maxLength(6, "At most 6 reminders."));

const offsetsText = z.pipe(
  z.transform((value: unknown) =>
    String(value ?? "")
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN)),
  ),
  z.array(
    z
      .number({ error: "Enter whole numbers of days, separated by commas." })
      .check(z.refine((n) => Number.isInteger(n), "Enter whole numbers of days, separated by commas.")),
  ),
);

const digestTime = z
  .string({ error: "Enter a time such as 08:00." })
  .check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time such as 08:00."));

/** Shift start times (issue 19's Today page: which shift's handing-over record is missing). */
export const DEFAULT_SHIFT_TIMES = ["06:00", "14:00", "22:00"];
const shiftList = z
  .array(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter times such as 06:00, 14:00, 22:00.")))
  .check(z.minLength(1, "Enter at least one shift start time."), z.maxLength(6, "At most 6 shifts."));

/** "06:00, 14:00, 22:00" (or one a line) → the times in the day's order, each once; blank keeps the default. */
const shiftTimesText = z.pipe(
  z.transform((value: unknown) => {
    const parts = String(value ?? "")
      .split(/[\s,]+/)
      .filter(Boolean)
      // 6:00 is read as 06:00; anything else is left as typed for the message.
      .map((part) => (/^\d:[0-5]\d$/.test(part) ? `0${part}` : part));
    return parts.length ? [...new Set(parts)].sort() : DEFAULT_SHIFT_TIMES;
  }),
  shiftList,
);

/** A catalogue's code (app/i18n/locales): the server checks it names one (the browser has no list). */
const languageCode = z
  .string({ error: "Choose a language." })
  .check(z.regex(/^[a-z]{2,3}$/, "Choose a language."));

/** Absent or empty form values become "" (the form pipeline reads a cleared input as missing). */
const blank = (schema: z.ZodMiniType<string, string>) =>
  z.pipe(
    z.optional(schema),
    z.transform((value) => value ?? ""),
  );

export const plantSettingsSchema = z.object({
  plantName: z._default(requiredText(120, "Plant name is required."), "LPG Bottling Plant"),
  companyName: z._default(requiredText(120, "Company name is required."), "Your Gas Company"),
  webAddress: z._default(text(200), ""),
  contactAddress: z._default(text(300, "multi"), ""),
  contactPhone: z._default(text(60), ""),
  contactEmail: z._default(optionalEmail, ""),
  whatsappRecipients: z._default(z.array(phone).check(z.maxLength(20, "At most 20 recipients.")), []),
  dueSoonDays: z._default(dueSoonDays, 7),
  reminderOffsets: z._default(offsetList, [60, 30, 7]),
  digestTime: z._default(digestTime, "08:00"),
  shiftTimes: z._default(shiftList, DEFAULT_SHIFT_TIMES),
  // The language of every page and mail of a person who has not chosen their own (/account).
  language: z._default(languageCode, "en"),
});

export type PlantSettings = z.infer<typeof plantSettingsSchema>;

export const defaultPlantSettings: PlantSettings = plantSettingsSchema.parse({});

/** The settings form: recipients arrive as one number per line. */
export const plantSettingsFormSchema = z.object({
  plantName: requiredText(120, "Plant name is required."),
  companyName: requiredText(120, "Company name is required."),
  webAddress: blank(text(200)),
  contactAddress: blank(text(300, "multi")),
  contactPhone: blank(text(60)),
  contactEmail: blank(optionalEmail),
  whatsappRecipients: z.pipe(
    z.transform((value: unknown) =>
      String(value ?? "")
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
    z.array(phone).check(z.maxLength(20, "At most 20 recipients.")),
  ),
  dueSoonDays,
  reminderOffsets: z.pipe(
    offsetsText,
    z.pipe(
      offsetList,
      z.transform((list) => [...new Set(list)].sort((a, b) => b - a)),
    ),
  ),
  digestTime,
  shiftTimes: shiftTimesText,
  // Absent (a form without the choice): the plant's language stays as it was.
  language: z.optional(languageCode),
});
