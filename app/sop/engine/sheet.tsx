import { useLingui } from "@lingui/react";
import { Fragment, type ReactNode } from "react";
import { CountsGrid, RegisterGrid } from "#app/sop/engine/block-grids.tsx";
import { ChecklistGrid } from "#app/sop/engine/checklist-grid.tsx";
import { PageOrientation, SheetHeading } from "#app/sop/engine/paper.tsx";
import {
  type FormatDefinition,
  forBlock,
  type InputDef,
  type PerBlockType,
  type SopData,
} from "#app/sop/engine/types.ts";
import {
  type ChecklistEntry,
  cylinderTotal,
  displayInput,
  isUnanswered,
  unansweredItems,
  valueAt,
} from "#app/sop/engine/values.ts";
import { shownValue, type Translate } from "#app/sop/engine/words.ts";
import { Highlight } from "#app/ui/search.tsx";

// The read-only paper layout of a record: the record view and the print view (A4, the paper's
// heading, bordered tables, signature lines). Buttons around it carry .no-print.

const objectAt = (data: SopData, key: string) => (data[key] ?? {}) as SopData;
const listAt = (data: SopData, key: string) => (Array.isArray(data[key]) ? (data[key] as SopData[]) : []);

export function SopSheet({ definition, data }: { definition: FormatDefinition; data: SopData }) {
  const { _ } = useLingui();
  const signatures = definition.footer.filter((input) => input.kind === "signature");
  const footerFields = definition.footer.filter((input) => input.kind !== "signature");
  const unanswered = unansweredItems(definition, data).length;
  return (
    <article className={`sop-sheet sop-${definition.orientation}`}>
      <PageOrientation definition={definition} />
      <SheetHeading definition={definition} />
      {/* Saved anyway with blanks: said at the top, and "Not answered" in each blank's cell. */}
      {unanswered ? (
        <p className="sheet-unanswered">
          {_("{count, plural, one {# item left unanswered} other {# items left unanswered}}", {
            count: unanswered,
          })}
        </p>
      ) : null}
      <FieldList inputs={definition.header} data={data} />
      {definition.body.map((block, index) => (
        // Static content: no hooks, so the handlers are plain functions returning markup.
        <Fragment key={`${block.type}-${index}`}>{forBlock(blockSheets, block, data, _)}</Fragment>
      ))}
      <FieldList inputs={footerFields} data={data} />
      {signatures.length ? (
        <div className="sheet-signatures">
          {signatures.map((input) => (
            <div className="signature" key={input.name}>
              <span className="signature-name">
                <Highlight text={displayInput(input, data[input.name])} />
              </span>
              <span className="signature-label">{_(input.label)}</span>
            </div>
          ))}
        </div>
      ) : null}
    </article>
  );
}

function FieldList({ inputs, data }: { inputs: InputDef[]; data: SopData }) {
  const { _ } = useLingui();
  if (!inputs.length) return null;
  return (
    <dl className="sheet-fields">
      {inputs.map((input) => (
        <div key={input.name}>
          <dt>{_(input.label)}:</dt>
          <dd>
            <Highlight text={shownValue(_, input, data[input.name])} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Each block type as it reads on paper. */
const blockSheets: PerBlockType<ReactNode, [data: SopData, _: Translate]> = {
  checklist(block, data, _) {
    const rows = (entries: ChecklistEntry[]) =>
      entries.map((entry) => (
        <tr key={entry.status.join(".")}>
          <td className="num">{entry.number}</td>
          <td>{_(entry.label)}</td>
          <td className={`status-cell status-${block.status.kind}`}>
            {isUnanswered(block.status, valueAt(data, entry.status)) ? (
              <span className="not-answered">{_("Not answered")}</span>
            ) : (
              <Highlight text={shownValue(_, block.status, valueAt(data, entry.status))} />
            )}
          </td>
          {block.remarks ? (
            <td>
              <Highlight
                text={entry.remarks ? displayInput(block.remarks, valueAt(data, entry.remarks)) : ""}
              />
            </td>
          ) : null}
        </tr>
      ));
    return <ChecklistGrid block={block} rowsOf={rows} tableClassName="sheet-table" />;
  },
  register(block, data, _) {
    const rows = listAt(data, block.name);
    return (
      <RegisterGrid
        block={block}
        rowKeys={rows.map((_, index) => index)}
        tableClassName="sheet-table"
        wrapClassName="sheet-scroll"
        cellClassName={(column) => (column.kind === "number" || column.kind === "count" ? "num" : undefined)}
        cell={(column, index) => <Highlight text={shownValue(_, column, rows[index][column.name])} />}
      />
    );
  },
  counts(block, data) {
    const counts = objectAt(data, block.name);
    return (
      <CountsGrid
        block={block}
        tableClassName="sheet-table sheet-counts"
        countHeadClassName="num"
        countCell={(item) => (
          <td className="num">
            {counts[item.key] === null || counts[item.key] === undefined ? "" : String(counts[item.key])}
          </td>
        )}
        totalCell={<td className="num">{cylinderTotal(block, counts)}</td>}
      />
    );
  },
};
