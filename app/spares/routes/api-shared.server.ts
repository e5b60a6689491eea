import type { core } from "zod";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { type Department, isDepartment, messages, unknownDepartmentMessage } from "#app/spares/rules.ts";
import { problemMessage } from "#app/spares/schema.ts";

// Answers shared by the /api/{department}/… endpoints (the legacy API contract). Inventory failures carry
// the legacy `success: false` and `Message` beside the contract's `message`.

export const failure = (message: string, status: number, extra: Record<string, unknown> = {}) =>
  jsonAnswer({ success: false, Message: message, message, ...extra }, status);

/** The {department} of the path, exact case; anything else is a 404. */
export function departmentParam(params: Record<string, string | undefined>): Department {
  const department = params.department ?? "";
  if (!isDepartment(department)) throw failure(unknownDepartmentMessage(department), 404);
  return department;
}

export const productNotFound = () => failure(messages.notFound, 404);

/** 400 with the first problem (the all-fields message when anything is missing) and every problem per field. */
export function invalidInput(error: core.$ZodError) {
  const Message = problemMessage(error.issues);
  return jsonAnswer({ ...validationBody(error), success: false, Message, message: Message }, 400);
}
