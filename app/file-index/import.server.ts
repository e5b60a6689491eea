import { isUniqueViolation } from "#app/db/errors.ts";
import { FILE_COLUMNS } from "#app/file-index/export.server.ts";
import {
  fileVersions,
  insertImportedFiles,
  listRacks,
  removeFiles,
  renameFileAt,
  restoreFileName,
} from "#app/file-index/queries.server.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { RACK_NAMES, type RackName } from "#app/file-index/rules.ts";
import { newFileSchema } from "#app/file-index/schema.ts";
import { importColumns } from "#app/lib/record.ts";
import {
  errorsByField,
  type ImportKind,
  ImportRefused,
  type Stored,
  storedByKey,
  type Values,
} from "#app/spreadsheets/import-kind.ts";
import { naturalKey } from "#app/spreadsheets/import-rules.ts";

// The file index (/rackadmin): files on the racks of the two cupboards. Natural key: Rack + Sr. No
// (the number on the folder's spine), the table's own unique key; the rack names its cupboard
// (Rack1A–Rack1D are cupboard 1's). A row changes only the file's name: a file moved to another
// rack or number is a new file there. Checked with the insert row's schema and messages; written
// through the feature's own commands (queries.server.ts).

const KIND_ID = "files";

const messages = {
  rackRequired: "Rack is required.",
  rack: `Rack must be one of ${RACK_NAMES.join(", ")}.`,
};

/** "rack 1a" and "Rack1A" are the same rack. */
const rackNameOf = (text: string): RackName | null =>
  RACK_NAMES.find((name) => name.toLowerCase() === text.replace(/\s+/g, "").toLowerCase()) ?? null;

/** A file's values as an imports row holds them; one kept from before the fields had one name each calls the number `number`. */
const fileNumberOf = (values: Values) => Number(values.fileNumber ?? values.number);

export const filesKind: ImportKind = {
  id: KIND_ID,
  title: "the file index",
  area: "fileIndex",
  listHref: "/rackadmin",
  uploadHref: `/import/${KIND_ID}`,
  fileStem: "file-index",
  template: FILE_COLUMNS,
  keyLabel: "Rack + Sr. No",
  keyField: "fileNumber",
  notes: [
    `Rack is one of ${RACK_NAMES.join(", ")} (Rack1A–Rack1D are in cupboard 1, Rack2A–Rack2D in cupboard 2); Sr. No is the file's number, a whole number.`,
  ],
  columns: importColumns(fileRecord),
  check(texts) {
    const errors: Record<string, string> = {};
    const rackName = rackNameOf(texts.rackName);
    if (!rackName) errors.rackName = texts.rackName ? messages.rack : messages.rackRequired;
    const parsed = newFileSchema.safeParse({ id: texts.fileNumber, name: texts.name });
    if (!parsed.success) {
      // The form's one message for a blank field goes beside the blank cell.
      const blank = texts.fileNumber ? "name" : "fileNumber";
      Object.assign(errors, errorsByField(parsed.error.issues, blank, { id: "fileNumber" }));
    }
    if (!parsed.success || !rackName) return { ok: false, errors };
    return { ok: true, values: { rackName, fileNumber: parsed.data.id, name: parsed.data.name } };
  },
  keyOf: (values) => naturalKey(values.rackName, values.fileNumber ?? values.number),
  async existing(db) {
    const racks = await listRacks(db);
    return storedByKey(
      racks.flatMap((rack) =>
        rack.files.map((file): [string, Stored] => [
          naturalKey(rack.name, file.id),
          {
            id: file._id,
            version: file.version,
            values: { rackName: rack.name, fileNumber: file.id, name: file.name },
          },
        ]),
      ),
    );
  },
  resolve: (values) => values,
  async insert(tx, rows, userId) {
    try {
      return await insertImportedFiles(
        tx,
        rows.map((values) => ({
          rackName: String(values.rackName),
          fileNumber: fileNumberOf(values),
          name: String(values.name),
        })),
        userId,
      );
    } catch (error) {
      // Someone added one of these numbers since the preview: the whole import stops.
      if (isUniqueViolation(error))
        throw new ImportRefused("A file number of this import was taken in its rack since the preview.");
      throw error;
    }
  },
  update: (tx, stored, values, userId) =>
    renameFileAt(tx, stored.id, stored.version, String(values.name), userId),
  versions: fileVersions,
  remove: removeFiles,
  restore: (tx, id, values, userId) => restoreFileName(tx, id, String(values.name), userId),
};
