import { eq } from "drizzle-orm";
import { atVersion, isUniqueViolation, nextVersion } from "#app/db/records.server.ts";
import { RACK_NAMES, type RackName } from "#app/file-index/rules.ts";
import { newFileSchema } from "#app/file-index/schema.ts";
import { rackFiles as t } from "#app/file-index/table.server.ts";
import {
  errorsByField,
  type ImportKind,
  ImportRefused,
  type Stored,
  storedByKey,
} from "#app/spreadsheets/import-kind.ts";
import { versionedRecords } from "#app/spreadsheets/import-records.server.ts";
import { naturalKey } from "#app/spreadsheets/import-rules.ts";
import { FILE_COLUMNS } from "#app/spreadsheets/sources.server.ts";

// The file index (/rackadmin): files on the racks of the two cupboards. Natural key: Rack + Sr. No
// (the number on the folder's spine), the table's own unique key; the rack names its cupboard
// (Rack1A–Rack1D are cupboard 1's). A row changes only the file's name: a file moved to another
// rack or number is a new file there. Checked with the insert row's schema and messages.

const KIND_ID = "files";

const messages = {
  rackRequired: "Rack is required.",
  rack: `Rack must be one of ${RACK_NAMES.join(", ")}.`,
};

/** "rack 1a" and "Rack1A" are the same rack. */
const rackNameOf = (text: string): RackName | null =>
  RACK_NAMES.find((name) => name.toLowerCase() === text.replace(/\s+/g, "").toLowerCase()) ?? null;

export const filesKind: ImportKind = {
  id: KIND_ID,
  title: "the file index",
  area: "fileIndex",
  listHref: "/rackadmin",
  uploadHref: `/import/${KIND_ID}`,
  fileStem: "file-index",
  template: FILE_COLUMNS,
  keyLabel: "Rack + Sr. No",
  keyField: "number",
  notes: [
    `Rack is one of ${RACK_NAMES.join(", ")} (Rack1A–Rack1D are in cupboard 1, Rack2A–Rack2D in cupboard 2); Sr. No is the file's number, a whole number.`,
  ],
  columns: [
    { header: "Rack", field: "rackName", required: true },
    { header: "Sr. No", field: "number", required: true, kind: "number" },
    { header: "Name of the File", field: "name", required: true },
  ],
  check(texts) {
    const errors: Record<string, string> = {};
    const rackName = rackNameOf(texts.rackName);
    if (!rackName) errors.rackName = texts.rackName ? messages.rack : messages.rackRequired;
    const parsed = newFileSchema.safeParse({ id: texts.number, name: texts.name });
    if (!parsed.success) {
      // The form's one message for a blank field goes beside the blank cell.
      const blank = texts.number ? "name" : "number";
      Object.assign(errors, errorsByField(parsed.error.issues, blank, { id: "number" }));
    }
    if (!parsed.success || !rackName) return { ok: false, errors };
    return { ok: true, values: { rackName, number: parsed.data.id, name: parsed.data.name } };
  },
  keyOf: (values) => naturalKey(values.rackName, values.number),
  async existing(db) {
    const rows = await db
      .select({ id: t.id, version: t.version, rackName: t.rackName, number: t.fileNumber, name: t.name })
      .from(t);
    return storedByKey(
      rows.map((row): [string, Stored] => [
        naturalKey(row.rackName, row.number),
        {
          id: row.id,
          version: row.version,
          values: { rackName: row.rackName, number: row.number, name: row.name },
        },
      ]),
    );
  },
  resolve: (values) => values,
  async insert(tx, rows, userId) {
    const ids: string[] = [];
    try {
      for (let start = 0; start < rows.length; start += 1000) {
        const inserted = await tx
          .insert(t)
          .values(
            rows.slice(start, start + 1000).map((values) => ({
              rackName: String(values.rackName),
              fileNumber: Number(values.number),
              name: String(values.name),
              createdBy: userId,
              updatedBy: userId,
            })),
          )
          .returning({ id: t.id });
        ids.push(...inserted.map((row) => row.id));
      }
    } catch (error) {
      // Someone added one of these numbers since the preview: the whole import stops.
      if (isUniqueViolation(error))
        throw new ImportRefused("A file number of this import was taken in its rack since the preview.");
      throw error;
    }
    return ids;
  },
  async update(tx, stored, values, userId) {
    const [row] = await tx
      .update(t)
      .set({
        name: String(values.name),
        updatedBy: userId,
        updatedAt: new Date(),
        version: nextVersion(t),
      })
      .where(atVersion(t, stored.id, stored.version))
      .returning({ version: t.version });
    return row ? row.version : null;
  },
  ...versionedRecords(t),

  async restore(tx, id, values, userId) {
    await tx
      .update(t)
      .set({
        name: String(values.name),
        updatedBy: userId,
        updatedAt: new Date(),
        version: nextVersion(t),
      })
      .where(eq(t.id, id));
  },
};
