import type { FormatDefinition } from "#app/sop/engine/types.ts";
import { as06 } from "#app/sop/formats/as06.ts";
import { as08 } from "#app/sop/formats/as08.ts";
import { as09 } from "#app/sop/formats/as09.ts";
import { as10 } from "#app/sop/formats/as10.ts";
import { as11 } from "#app/sop/formats/as11.ts";
import { as12 } from "#app/sop/formats/as12.ts";
import { as14 } from "#app/sop/formats/as14.ts";
import { as15 } from "#app/sop/formats/as15.ts";
import { as16 } from "#app/sop/formats/as16.ts";
import { as17 } from "#app/sop/formats/as17.ts";

/** Every paper format, in the menu's order (the paper formats "Menu order"). Adding a format: one
 * definition file, listed here; its pages, /api, the navbar's menu and the hub follow from this list. */
export const formats: FormatDefinition[] = [as11, as10, as09, as08, as06, as12, as14, as15, as16, as17];

const byCode = new Map(formats.map((format) => [format.code.toUpperCase(), format]));

/** The format named in a URL or API path, any case ("AS11", "as11", "As11"); undefined if none. */
export function findFormat(name: string | undefined): FormatDefinition | undefined {
  return name ? byCode.get(name.toUpperCase()) : undefined;
}

/** The format an older address saves (its `legacyApi`), e.g. AS11 for POST /api/checklist. */
export function formatOfLegacyApi(path: NonNullable<FormatDefinition["legacyApi"]>["path"]) {
  const definition = formats.find((format) => format.legacyApi?.path === path);
  if (!definition) throw new Error(`No format declares the legacy API ${path}.`);
  return definition;
}
