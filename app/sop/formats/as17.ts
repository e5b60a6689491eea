import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS17: security guard patrolling record: a date and seven rows (the legacy app).
export const as17: FormatDefinition = {
  code: "AS17",
  path: "/as17",
  formatNo: "AS 17",
  heading: "SECURITY GUARD PATROLLING RECORD",
  title: "Security guard patrolling record",
  orientation: "portrait",
  header: [{ name: "date", label: "Date", kind: "date", required: "Date is required." }],
  body: [
    {
      type: "register",
      name: "entries",
      rows: { fixed: 7 },
      parts: [
        {
          columns: [
            { name: "time", label: "Time", kind: "time" },
            { name: "area", label: "Area / checkpoint", kind: "text", max: 120 },
            { name: "observation", label: "Observation", kind: "text", max: 300 },
          ],
        },
      ],
    },
  ],
  footer: [{ name: "officerSignature", label: "Officer's signature", kind: "signature", max: 120 }],
  dateField: "date",
  keyFields: [{ label: "Areas", path: "entries[].area" }],
};
