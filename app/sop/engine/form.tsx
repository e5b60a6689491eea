import { FormProvider, getFormProps, type SubmissionResult, useField, useForm } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { translateMessage, translateMessages } from "#app/i18n/messages.ts";
import { CountsGrid, RegisterGrid } from "#app/sop/engine/block-grids.tsx";
import { ChecklistGrid } from "#app/sop/engine/checklist-grid.tsx";
import { CellInput, LabelledInput } from "#app/sop/engine/controls.tsx";
import { PageOrientation, PrintButton, SheetHeading } from "#app/sop/engine/paper.tsx";
import { nameOfPath, parseSopSubmission } from "#app/sop/engine/parse.ts";
import type { BlockOf, BlockType, FormatDefinition, SopData } from "#app/sop/engine/types.ts";
import {
  type ChecklistEntry,
  countInput,
  cylinderTotal,
  firstDateColumn,
  SAVE_ANYWAY_FIELD,
  type UnansweredItem,
} from "#app/sop/engine/values.ts";
import { FormError, SubmitButton } from "#app/ui/form.tsx";

// The on-screen form of any format, rendered from its definition. Register rows are added and
// removed with Conform's list intents: submit buttons that work without JavaScript (the action
// answers with the form one row longer or shorter) and in place with it.

/** What the save actions answer: Conform's reply, with the unanswered items when a save is held back. */
export type SopFormResult = SubmissionResult<string[]> & { unanswered?: UnansweredItem[] };

export function SopForm({
  definition,
  lastResult,
  defaultValue,
  today,
  version,
  cancelHref,
}: {
  definition: FormatDefinition;
  lastResult: SopFormResult | undefined;
  defaultValue: SopData;
  today: string;
  /** Set when editing: the version read, sent back so a stale save is refused. */
  version?: number;
  cancelHref?: string;
}) {
  const { _ } = useLingui();
  const editing = version !== undefined;
  const unanswered = lastResult?.unanswered ?? [];
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
        <FormError id={form.errorId} errors={translateMessages(_, form.errors)} />
        {unanswered.length ? <UnansweredWarning items={unanswered} /> : null}
        {definition.header.length ? (
          <div className="sop-fields">
            {definition.header.map((input) => (
              <LabelledInput key={input.name} input={input} name={input.name} />
            ))}
          </div>
        ) : null}
        {definition.body.map((block, index) => {
          // The table pairs each type with its component; TypeScript cannot follow that through an index.
          const Inputs = blockInputs[block.type] as BlockInputs<BlockType>;
          return (
            <Inputs key={`${block.type}-${index}`} block={block} definition={definition} today={today} />
          );
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
          {/* After the warning: saves as it is, the blanks marked "Not answered" on the record.
              Placed after Save, so Enter in a field never confirms it. */}
          {unanswered.length ? (
            <SubmitButton
              name={SAVE_ANYWAY_FIELD}
              value="yes"
              className="button"
              pendingText={editing ? "Updating..." : "Inserting..."}
            >
              Save anyway
            </SubmitButton>
          ) : null}
          <PrintButton />
          {cancelHref ? (
            <Link className="button" to={cancelHref}>
              {_("Cancel")}
            </Link>
          ) : null}
          <Link className="button" to={`${definition.path}/records`}>
            {_("Saved records")}
          </Link>
        </div>
      </Form>
    </FormProvider>
  );
}

/** The items a save left unanswered: answer them, or Save anyway at the foot of the form. */
function UnansweredWarning({ items }: { items: UnansweredItem[] }) {
  const { _ } = useLingui();
  const count = items.length;
  return (
    <div className="form-warning" role="alert">
      <p>
        <strong>
          {_(
            "{count, plural, one {Not saved yet: 1 item is not answered.} other {Not saved yet: # items are not answered.}}",
            { count },
          )}
        </strong>{" "}
        {_(
          '{count, plural, one {Answer it, or choose Save anyway below to save the record with it marked "Not answered".} other {Answer them, or choose Save anyway below to save the record with them marked "Not answered".}}',
          { count },
        )}
      </p>
      <ul>
        {items.map((item) => (
          <li key={`${item.section ?? ""}-${item.number}`}>
            {item.section
              ? _("{section}, item {number}: {label}", {
                  section: _(item.section),
                  number: item.number,
                  label: _(item.label),
                })
              : _("Item {number}: {label}", { number: item.number, label: _(item.label) })}
          </li>
        ))}
      </ul>
    </div>
  );
}

type BlockInputs<T extends BlockType> = (props: {
  block: BlockOf<T>;
  definition: FormatDefinition;
  today: string;
}) => ReactNode;

/** Each block type's inputs (a component per type, so each may use Conform's hooks). */
const blockInputs: { [T in BlockType]: BlockInputs<T> } = {
  checklist: ChecklistInputs,
  register: RegisterInputs,
  counts: CountInputs,
};

function ChecklistInputs({ block }: { block: BlockOf<"checklist"> }) {
  const { _ } = useLingui();
  let overall = 0;
  const rowsOf = (entries: ChecklistEntry[]) =>
    entries.map((entry) => {
      // Screen readers hear "item N" through all sections, whatever the paper's Sr No.
      const place = ++overall;
      return (
        <tr key={nameOfPath(entry.status)}>
          <td className="num">{entry.number}</td>
          <td>{_(entry.label)}</td>
          <td className={`status-cell status-${block.status.kind}`}>
            <CellInput
              input={block.status}
              name={nameOfPath(entry.status)}
              label={_("{label}, item {number}", { label: _(block.status.label), number: place })}
            />
          </td>
          {block.remarks && entry.remarks ? (
            <td>
              <CellInput
                input={block.remarks}
                name={nameOfPath(entry.remarks)}
                label={_("{label}, item {number}", { label: _(block.remarks.label), number: place })}
              />
            </td>
          ) : null}
        </tr>
      );
    });
  return (
    <ChecklistGrid
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
  block: BlockOf<"register">;
  definition: FormatDefinition;
  today: string;
}) {
  const { _ } = useLingui();
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
          {meta.errors.map((error) => translateMessage(_, error)).join(" ")}
        </p>
      ) : null}
      <RegisterGrid
        block={block}
        rowKeys={rows.map((row, index) => row.key ?? index)}
        tableClassName="sop-table"
        wrapClassName="table-wrap sop-table-wrap"
        headMark={(column) =>
          column.required ? (
            <span className="required" aria-hidden="true">
              {" "}
              *
            </span>
          ) : null
        }
        cell={(column, index) => (
          <CellInput
            input={column}
            name={`${block.name}[${index}].${column.name}`}
            label={_("{label}, row {number}", { label: _(column.label), number: index + 1 })}
          />
        )}
        rowTool={
          growable
            ? {
                head: <th className="no-print">{_("Row")}</th>,
                cell: (index) => (
                  <td className="no-print">
                    <button
                      {...form.remove.getButtonProps({ name: meta.name, index })}
                      className="button small"
                      aria-label={_("Remove row {number}", { number: index + 1 })}
                      disabled={rows.length <= min}
                    >
                      {_("Remove")}
                    </button>
                  </td>
                ),
              }
            : undefined
        }
      />
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
            {_("Add row")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function CountInputs({ block }: { block: BlockOf<"counts"> }) {
  const { _ } = useLingui();
  const [meta] = useField<Record<string, string>>(block.name);
  return (
    <div className="table-wrap sop-table-wrap">
      <CountsGrid
        block={block}
        tableClassName="sop-table sop-counts"
        countCell={(item) => (
          <td>
            <CellInput
              input={countInput(item)}
              name={`${block.name}.${item.key}`}
              label={_("Count of {item}", { item: _(item.label) })}
            />
          </td>
        )}
        totalCell={
          <td className="num" aria-live="polite">
            {/* A preview: the server computes the total again from the saved counts. */}
            <output>{cylinderTotal(block, meta.value)}</output>
          </td>
        }
      />
    </div>
  );
}
