import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

// The settings a plant sets through the environment (README "Settings"). Parsed once, with zod,
// so a wrong value stops the start with a clear message instead of failing on some later request.
const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: "is not a time zone name (for example Asia/Kolkata)" },
);

export const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The address to listen on: unset, every interface; 127.0.0.1 behind a proxy on the same host,
  // so no client reaches the app around the proxy (and chooses its own X-Forwarded-For).
  HOST: z
    .string()
    .trim()
    .refine((value) => isIP(value) !== 0 || /^[a-z0-9.-]+$/i.test(value), {
      message: "must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name",
    })
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  // Where backups go (README "Backups"): best another disk or a network share. Default DATA_DIR/backups.
  BACKUP_DIR: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // Anyone who can reach the page may guess it: long enough not to be guessed (generated ones are 16).
  REGISTRATION_CODE: z.string().min(12, "must be at least 12 characters").optional(),
  PLANT_TIME_ZONE: timeZone.default("Asia/Kolkata"),
  // Hours without a request after which a session ends (a shared terminal's: 30 minutes).
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive("must be more than 0")
    .max(24 * 7)
    .default(8),
  // Set when a reverse proxy in front of the app appends the client's address to X-Forwarded-For
  // (the rightmost entry is used) and says X-Forwarded-Proto (HTTPS: HSTS and Secure cookies).
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"], { error: "must be 1 or 0" })
    .default("0")
    .transform((value) => value === "1" || value === "true"),
  // Mail (issue 19). Unset: reminders are shown in the app only, and /settings says why.
  // smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; user and password URL-encoded.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, "must start with smtp:// or smtps:// and name a host")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(254).optional(),
  // The address people open PlantOps at, for the links in reminder mails (https://plantops.example.in).
  APP_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, "must start with http:// or https:// and name a host")
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The folder backups are written to and listed from (relative paths: from the working directory). */
export function backupDir(settings: Pick<Settings, "BACKUP_DIR" | "DATA_DIR">): string {
  return path.resolve(settings.BACKUP_DIR ?? path.join(settings.DATA_DIR, "backups"));
}

/** Reads the settings from an environment; throws one readable message listing every bad value. */
export function parseSettings(source: Record<string, string | undefined>): Settings {
  // An empty variable counts as unset, as in most shells' `FOO= npm start`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = settingsSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`PlantOps cannot start: some settings are wrong.\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The settings of the running web server, where the launcher has filled in every secret. */
export type ServerSettings = Settings & {
  DATABASE_URL: string;
  SESSION_SECRET: string;
  REGISTRATION_CODE: string;
};

let cached: ServerSettings | undefined;

export function serverSettings(): ServerSettings {
  if (cached) return cached;
  const parsed = parseSettings(process.env);
  const missing = (["DATABASE_URL", "SESSION_SECRET", "REGISTRATION_CODE"] as const).filter(
    (key) => !parsed[key],
  );
  if (missing.length > 0) {
    throw new Error(`PlantOps cannot start: ${missing.join(", ")} must be set (npm start sets them).`);
  }
  cached = parsed as ServerSettings;
  return cached;
}
