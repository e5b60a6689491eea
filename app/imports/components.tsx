import { useLingui } from "@lingui/react";
import { Form } from "@remix-run/react";
import type { Translate } from "#app/i18n/translate.ts";
import { importMessage } from "#app/imports/words.ts";
import { formatDateGB, isIsoDate } from "#app/lib/dates.ts";
import type { ImportColumn } from "#app/spreadsheets/import-rules.ts";
import { ConfirmDelete, type ConfirmWords } from "#app/ui/confirm-delete.tsx";
import { FieldErrors, FormError, SubmitButton } from "#app/ui/form.tsx";

// The import pages' pieces (issue 18): the upload form and the preview table. Server-rendered,
// plain forms: the flow works the same without JavaScript.

export type PreviewView = {
  line: string;
  outcome: "new" | "changed" | "unchanged" | "error";
  texts: Record<string, string>;
  errors?: Record<string, string>;
  changes?: Record<string, [unknown, unknown]>;
};

/** Undo asks first (the upload page's dialog, the undo page without JavaScript). */
export const UNDO_WORDS: ConfirmWords = {
  confirm: "Yes, undo it",
  pending: "Undoing...",
  dialogLabel: "Confirm undo",
};
export const undoQuestionIn = (_: Translate, fileName: string) =>
  _(
    "Undo the import of {fileName}? The records it added are deleted and the ones it changed are put back as they were.",
    { fileName },
  );

/** An import's Undo: a link to its confirmation page, which with JavaScript opens as a dialog. */
export function UndoImport({ href, fileName }: { href: string; fileName: string }) {
  const { _ } = useLingui();
  return (
    <ConfirmDelete
      href={href}
      question={undoQuestionIn(_, fileName)}
      label="Undo this import"
      itemName={fileName}
      words={UNDO_WORDS}
    />
  );
}

const OUTCOME_LABELS = { new: "New", changed: "Changed", unchanged: "Unchanged", error: "Error" } as const;

export function UploadForm({ error, templateHref }: { error?: string; templateHref: string }) {
  const { _ } = useLingui();
  return (
    <Form method="post" encType="multipart/form-data" className="import-upload">
      <div className="field">
        <label htmlFor="import-file">{_("Spreadsheet (.xlsx or .csv, at most 10 MB)")}</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          aria-describedby={error ? "import-error" : undefined}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <FormError id="import-error" errors={error ? [importMessage(_, error)] : undefined} />
      <p>
        {_("Use the columns of this list's export, or start from the template:")}{" "}
        <a href={`${templateHref}?format=xlsx`} download>
          {_("Excel template")}
        </a>{" "}
        ·{" "}
        <a href={`${templateHref}?format=csv`} download>
          {_("CSV template")}
        </a>
      </p>
      <SubmitButton pendingText="Reading...">Preview</SubmitButton>
    </Form>
  );
}

/** A cell as the app shows it: dates dd/mm/yyyy (a date the import could not read, as written). */
const shownAs = (column: ImportColumn, value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value);
  return column.kind === "date" && isIsoDate(text) ? formatDateGB(text) : text;
};
export function PreviewTable({ columns, rows }: { columns: ImportColumn[]; rows: PreviewView[] }) {
  const { _ } = useLingui();
  const shown = (column: ImportColumn, value: unknown) => shownAs(column, value) || _("(blank)");
  const fields = columns.filter((column) => column.field);
  return (
    <div className="table-wrap list-wrap">
      <table className="import-preview" aria-label={_("Rows of the file")}>
        <thead>
          <tr>
            <th scope="col">{_("Row")}</th>
            <th scope="col">{_("Outcome")}</th>
            {fields.map((column) => (
              <th key={column.header} scope="col">
                {_(column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.line} className={`import-${row.outcome}`}>
              <th scope="row">{row.line}</th>
              <td>
                {row.outcome === "error" ? (
                  // Marked by a sign and the word, not by colour alone.
                  <strong className="import-outcome-error">
                    <span aria-hidden="true">⚠ </span>
                    {_(OUTCOME_LABELS.error)}
                  </strong>
                ) : (
                  _(OUTCOME_LABELS[row.outcome])
                )}
              </td>
              {fields.map((column) => {
                const field = column.field as string;
                const error = row.errors?.[field];
                const change = row.changes?.[field];
                const errorId = `import-error-${index}-${field}`;
                return (
                  <td key={field} className={error ? "import-cell-invalid" : undefined}>
                    <span className="import-cell-value">
                      {change ? (
                        <>
                          <del>{shown(column, change[0])}</del> → <ins>{shown(column, change[1])}</ins>
                        </>
                      ) : (
                        shownAs(column, row.texts[field])
                      )}
                    </span>
                    {error ? <FieldErrors id={errorId} errors={[importMessage(_, error)]} /> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the reader did that the rows do not show: title rows and a units row skipped, the encoding. */
export function ReadNotes({ notes }: { notes?: string[] }) {
  const { _ } = useLingui();
  if (!notes?.length) return null;
  return (
    <ul className="import-notes" aria-label={_("How the file was read")}>
      {notes.map((note) => (
        <li key={note}>{importMessage(_, note)}</li>
      ))}
    </ul>
  );
}
