import { dateInput, paper, signature, text, value } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS17: security guard patrolling record: a date and seven rows (the legacy app).
export const as17: FormatDefinition = {
  ...paper("AS17", "portrait", "SECURITY GUARD PATROLLING RECORD", "Security guard patrolling record"),
  header: [dateInput],
  body: [
    {
      type: "register",
      name: "entries",
      rows: { fixed: 7 },
      parts: [
        {
          columns: [
            value("time", "time", "Time"),
            text("area", "Area / checkpoint", 120),
            text("observation", "Observation", 300),
          ],
        },
      ],
    },
  ],
  footer: [signature("officerSignature", "Officer's signature")],
  dateField: "date",
  keyFields: [{ label: "Areas", path: "entries[].area" }],
};
