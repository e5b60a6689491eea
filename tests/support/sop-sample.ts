import {
  type FormatDefinition,
  forBlock,
  type InputDef,
  type PerBlockType,
  type SopData,
} from "#app/sop/engine/types.ts";
import { checklistEntries, setAt } from "#app/sop/engine/values.ts";

// Test-data builder: a fully filled-in record of any format, as an API client would send it.
// Used by the unit, integration, reliability and e2e tests (epic-stack style builders with overrides);
// relative imports, because Playwright loads it too.

export function sampleValue(input: InputDef, marker: string, row = 0): unknown {
  switch (input.kind) {
    case "date":
      return `2025-03-${String(14 + row).padStart(2, "0")}`;
    case "time":
      return `0${(row % 9) + 1}:30`;
    case "datetime":
      return "2025-03-14T09:30";
    case "number":
      return 12.5 + row;
    case "count":
      return 3 + row;
    case "choice":
      return input.choices.find((choice) => choice.value)?.value ?? "";
    case "yesno":
      return row % 2 === 0;
    case "tick":
      return true;
    default:
      return `${marker} ${input.label}`.slice(0, input.max ?? 200);
  }
}

/** Each block type's sample values. */
const sampleBlocks: PerBlockType<SopData, [marker: string, rows: number]> = {
  checklist(block, marker) {
    const data: SopData = {};
    for (const [index, entry] of checklistEntries(block).flat().entries()) {
      setAt(data, entry.status, sampleValue(block.status, marker, index));
      if (entry.remarks) setAt(data, entry.remarks, `${marker} remark ${index + 1}`);
    }
    return data;
  },
  register(block, marker, rows) {
    const count = "fixed" in block.rows ? block.rows.fixed : rows;
    const columns = block.parts.flatMap((part) => part.columns);
    return {
      [block.name]: Array.from({ length: count }, (_, row) =>
        Object.fromEntries(
          columns.map((column) => [column.name, sampleValue(column, `${marker} r${row + 1}`, row)]),
        ),
      ),
    };
  },
  counts(block) {
    return { [block.name]: Object.fromEntries(block.items.map((item, index) => [item.key, index + 1])) };
  },
};

export function sampleRecord(definition: FormatDefinition, marker = "Sample", rows = 2): SopData {
  const data: SopData = {};
  for (const input of [...definition.header, ...definition.footer])
    data[input.name] = sampleValue(input, marker);
  for (const block of definition.body) Object.assign(data, forBlock(sampleBlocks, block, marker, rows));
  return data;
}
