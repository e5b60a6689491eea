import { Form } from "@remix-run/react";
import type { ImportColumn } from "#app/imports/rules.ts";
import { FormError, SubmitButton } from "#app/ui/form.tsx";

// The import pages' pieces (issue 18): the upload form and the preview table. Server-rendered,
// plain forms: the flow works the same without JavaScript.

export type PreviewView = {
  line: string;
  outcome: "new" | "changed" | "unchanged" | "error";
  texts: Record<string, string>;
  errors?: Record<string, string>;
  changes?: Record<string, [unknown, unknown]>;
};

const OUTCOME_LABELS = { new: "New", changed: "Changed", unchanged: "Unchanged", error: "Error" } as const;

export function UploadForm({ error, templateHref }: { error?: string; templateHref: string }) {
  return (
    <Form method="post" encType="multipart/form-data" className="import-upload">
      <div className="field">
        <label htmlFor="import-file">Spreadsheet (.xlsx or .csv, at most 10 MB)</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          aria-describedby={error ? "import-error" : undefined}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <FormError id="import-error" errors={error ? [error] : undefined} />
      <p>
        Use the columns of this list's export, or start from the template:{" "}
        <a href={`${templateHref}?format=xlsx`} download>
          Excel template
        </a>{" "}
        ·{" "}
        <a href={`${templateHref}?format=csv`} download>
          CSV template
        </a>
      </p>
      <SubmitButton pendingText="Reading...">Preview</SubmitButton>
    </Form>
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === "" ? "(blank)" : String(value);

export function PreviewTable({ columns, rows }: { columns: ImportColumn[]; rows: PreviewView[] }) {
  const fields = columns.filter((column) => column.field);
  return (
    <div className="table-wrap list-wrap">
      <table className="import-preview" aria-label="Rows of the file">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Outcome</th>
            {fields.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={`import-${row.outcome}`}>
              <th scope="row">{row.line}</th>
              <td>{OUTCOME_LABELS[row.outcome]}</td>
              {fields.map((column) => {
                const field = column.field as string;
                const error = row.errors?.[field];
                const change = row.changes?.[field];
                return (
                  <td key={field}>
                    {change ? (
                      <>
                        <del>{shown(change[0])}</del> → <ins>{shown(change[1])}</ins>
                      </>
                    ) : (
                      row.texts[field]
                    )}
                    {error ? <span className="import-cell-error">{error}</span> : null}
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
