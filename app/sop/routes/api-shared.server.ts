import { HttpError, jsonAnswer } from "#app/lib/http.server.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";
import { findFormat } from "#app/sop/formats/index.ts";

// The /api/sop/{format} checks: an unknown format or record is a JSON 404.

export function requireApiFormat(name: string | undefined): FormatDefinition {
  const definition = findFormat(name);
  if (!definition) throw new HttpError(404, "Format not found");
  return definition;
}

export const recordNotFound = () => jsonAnswer({ message: "Record not found" }, 404);

/** Splits a PUT body into the format's fields and the optional `version` (the legacy API contract). */
export function splitVersion(body: unknown): { fields: unknown; version?: number; invalid?: true } {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { fields: body };
  const { version, ...fields } = body as Record<string, unknown>;
  if (version === undefined || version === null) return { fields };
  const number = typeof version === "string" ? Number(version) : version;
  if (typeof number !== "number" || !Number.isInteger(number)) return { fields, invalid: true };
  return { fields, version: number };
}
