import * as z from "zod/mini";
import { multiLine, singleLine } from "#app/lib/text.ts";

// The text sanitiser (app/lib/text.ts) as zod/mini checks, for the feature schemas:
// `z.string().check(singleLineCheck, …)` rewrites the value before the other checks see it. Kept
// apart from the sanitiser itself so a page that only cleans or shows text does not load zod.

export const singleLineCheck = z.overwrite(singleLine);
export const multiLineCheck = z.overwrite(multiLine);
