import { FormProvider, getFormProps, type SubmissionResult, useField, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FormError, SubmitButton } from "#app/ui/form.tsx";
import { ChecklistTables } from "./checklist-tables.tsx";
import { CellInput, LabelledInput } from "./controls.tsx";
import { PageOrientation, PrintButton, SheetHeading } from "./paper.tsx";
import { parseSopSubmission } from "./parse.ts";
import type { ChecklistBlock, CountsBlock, FormatDefinition, RegisterBlock, SopData } from "./types.ts";
import { cylinderTotal, firstDateColumn } from "./values.ts";

// The on-screen form of any format, rendered from its definition. Register rows are added and
// removed with Conform's list intents: submit buttons that work without JavaScript (the action
// answers with the form one row longer or shorter) and in place with it.

export function SopForm({
  definition,
  lastResult,
  defaultValue,
  today,
  version,
  cancelHref,
}: {
  definition: FormatDefinition;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: SopData;
  today: string;
  /** Set when editing: the version read, sent back so a stale save is refused. */
  version?: number;
  cancelHref?: string;
}) {
  const editing = version !== undefined;
  const [form] = useForm<Record<string, unknown>>({
    id: editing ? `sop-${definition.code}-edit` : `sop-${definition.code}`,
    lastResult,
    defaultValue: defaultValue as Record<string, string>,
    onValidate: ({ formData }) => parseSopSubmission(formData, definition),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className={`sop-form sop-${definition.orientation}`}>
        {editing ? <input type="hidden" name="version" value={version} /> : null}
        <PageOrientation definition={definition} />
        <SheetHeading definition={definition} />
        <FormError id={form.errorId} errors={form.errors} />
        {definition.header.length ? (
          <div className="sop-fields">
            {definition.header.map((input) => (
              <LabelledInput key={input.name} input={input} name={input.name} />
            ))}
          </div>
        ) : null}
        {definition.body.map((block, index) => {
          const key = `${block.type}-${index}`;
          if (block.type === "checklist") return <ChecklistInputs key={key} block={block} />;
          if (block.type === "register")
            return <RegisterInputs key={key} block={block} definition={definition} today={today} />;
          return <CountInputs key={key} block={block} />;
        })}
        <div className="sop-fields sop-footer-fields">
          {definition.footer.map((input) => (
            <LabelledInput key={input.name} input={input} name={input.name} />
          ))}
        </div>
        <div className="actions no-print">
          <SubmitButton pendingText={editing ? "Updating..." : "Inserting..."}>
            {editing ? "Save changes" : "Save"}
          </SubmitButton>
          <PrintButton />
          {cancelHref ? (
            <Link className="button" to={cancelHref}>
              Cancel
            </Link>
          ) : null}
          <Link className="button" to={`${definition.path}/records`}>
            Saved records
          </Link>
        </div>
      </Form>
    </FormProvider>
  );
}

function ChecklistInputs({ block }: { block: ChecklistBlock }) {
  let overall = 0;
  const nameOf = (
    sectionKey: string | undefined,
    itemKey: string | undefined,
    index: number,
    field: string,
  ) => (block.store === "keyed" ? `${sectionKey}.${itemKey}` : `${block.name}[${index}].${field}`);
  const rowsOf = (section: ChecklistBlock["sections"][number]) =>
    section.items.map((item, position) => {
      const index = overall++;
      const number = block.numbering === "per-section" ? position + 1 : index + 1;
      return (
        <tr key={`${section.key ?? section.title}-${position}`}>
          <td className="num">{number}</td>
          <td>{item.label}</td>
          <td className={`status-cell status-${block.status.kind}`}>
            <CellInput
              input={block.status}
              name={nameOf(section.key, item.key, index, block.status.name)}
              label={`${block.status.label}, item ${index + 1}`}
            />
          </td>
          {block.remarks ? (
            <td>
              <CellInput
                input={block.remarks}
                name={nameOf(section.key, item.key, index, block.remarks.name)}
                label={`${block.remarks.label}, item ${index + 1}`}
              />
            </td>
          ) : null}
        </tr>
      );
    });
  return (
    <ChecklistTables
      block={block}
      rowsOf={rowsOf}
      tableClassName="sop-table"
      wrapClassName="table-wrap sop-table-wrap"
    />
  );
}

function RegisterInputs({
  block,
  definition,
  today,
}: {
  block: RegisterBlock;
  definition: FormatDefinition;
  today: string;
}) {
  const [meta, form] = useField<SopData[]>(block.name);
  const rows = meta.getFieldList();
  const growable = !("fixed" in block.rows);
  const min = "fixed" in block.rows ? block.rows.fixed : block.rows.min;
  const max = "fixed" in block.rows ? block.rows.fixed : block.rows.max;
  const dateColumn = firstDateColumn(definition, block);
  return (
    <div className="sop-register">
      {meta.errors?.length ? (
        <p className="field-errors" id={meta.errorId}>
          {meta.errors.join(" ")}
        </p>
      ) : null}
      {block.parts.map((part, partIndex) => (
        <div className="table-wrap sop-table-wrap" key={part.title ?? partIndex}>
          <table className="sop-table">
            {part.title ? <caption>{part.title}</caption> : null}
            <thead>
              <tr>
                <th className="num">Sr No.</th>
                {part.columns.map((column) => (
                  <th key={column.name}>
                    {column.label}
                    {column.required ? (
                      <span className="required" aria-hidden="true">
                        {" "}
                        *
                      </span>
                    ) : null}
                  </th>
                ))}
                {growable && partIndex === 0 ? <th className="no-print">Row</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.key ?? index}>
                  <td className="num">{index + 1}</td>
                  {part.columns.map((column) => (
                    <td key={column.name}>
                      <CellInput
                        input={column}
                        name={`${block.name}[${index}].${column.name}`}
                        label={`${column.label}, row ${index + 1}`}
                      />
                    </td>
                  ))}
                  {growable && partIndex === 0 ? (
                    <td className="no-print">
                      <button
                        {...form.remove.getButtonProps({ name: meta.name, index })}
                        className="button small"
                        aria-label={`Remove row ${index + 1}`}
                        disabled={rows.length <= min}
                      >
                        Remove
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {growable ? (
        <div className="actions no-print">
          <button
            {...form.insert.getButtonProps({
              name: meta.name,
              defaultValue: dateColumn ? { [dateColumn]: today } : undefined,
            })}
            className="button"
            disabled={rows.length >= max}
          >
            Add row
          </button>
        </div>
      ) : null}
    </div>
  );
}

function CountInputs({ block }: { block: CountsBlock }) {
  const [meta] = useField<Record<string, string>>(block.name);
  return (
    <div className="table-wrap sop-table-wrap">
      <table className="sop-table sop-counts">
        <caption>{block.title}</caption>
        <thead>
          <tr>
            <th className="num">Sr No.</th>
            <th>{block.itemColumn}</th>
            <th>{block.countColumn}</th>
          </tr>
        </thead>
        <tbody>
          {block.items.map((item, index) => (
            <tr key={item.key}>
              <td className="num">{index + 1}</td>
              <td>{item.label}</td>
              <td>
                <CellInput
                  input={{ name: item.key, label: item.label, kind: "count" }}
                  name={`${block.name}.${item.key}`}
                  label={`Count of ${item.label}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <th scope="row">{block.totalLabel}</th>
            <td className="num" aria-live="polite">
              {/* A preview: the server computes the total again from the saved counts. */}
              <output>{cylinderTotal(block, meta.value)}</output>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
