import { type AuditAction, type FieldChange, type FieldSpec, leafChanges } from "#app/audit/diff.ts";
import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import type { FormatDefinition, InputDef } from "#app/sop/engine/types.ts";
import { findFormat } from "#app/sop/formats/index.ts";

// How a SOP record's audit entries read (its page's History, /audit). A record stores
// {format, data}: the paper's fields are labelled from the format's definition, in the paper's
// order. app/audit-trail/record-types.ts lists it with the others.
export const sopRecordHistory = {
  entity: "sop_record",
  label: "SOP record",
  area: "sop",
  fields: null,
  changes: sopChanges,
} as const satisfies RecordTypeInfo<Area>;

function sopChanges(action: AuditAction, before: unknown, after: unknown): FieldChange[] {
  const code = ((after ?? before) as { format?: unknown } | null)?.format;
  const definition = typeof code === "string" ? findFormat(code) : undefined;
  // The record's data holds the paper's fields, labelled and ordered by its format's definition.
  return leafChanges(action, before, after, {
    within: "data",
    label: (path) => (definition ? sopField(definition, path) : null),
    rank: (path) => (definition ? sopRank(definition, path) : []),
  });
}

/** Where a path of a SOP record's data sits on the paper: header, body blocks in order, footer. */
export function sopRank(definition: FormatDefinition, path: string): number[] {
  const [first, second, third] = path.split(".");
  const header = definition.header.findIndex((input) => input.name === first);
  if (header !== -1) return [0, header];
  const footer = definition.footer.findIndex((input) => input.name === first);
  if (footer !== -1) return [2, footer];
  const block = definition.body.findIndex(
    (candidate) =>
      ("name" in candidate && candidate.name === first) ||
      (candidate.type === "checklist" &&
        candidate.store === "keyed" &&
        candidate.sections.some((s) => s.key === first)),
  );
  if (block === -1) return [3];
  const found = definition.body[block];
  if (found.type === "checklist" && found.store === "keyed") {
    const items = found.sections.flatMap((section) =>
      section.items.map((item) => `${section.key}.${item.key}`),
    );
    return [1, block, items.indexOf(`${first}.${second}`)];
  }
  if (found.type === "counts") return [1, block, found.items.findIndex((item) => item.key === second)];
  const columns =
    found.type === "register"
      ? found.parts.flatMap((part) => part.columns.map((column) => column.name))
      : [found.status.name, found.remarks?.name ?? "", found.itemKey ?? ""];
  return [1, block, Number(second), columns.indexOf(third ?? "")];
}

function inputSpec(path: string, input: InputDef, prefix = ""): FieldSpec {
  const label = prefix ? `${prefix} · ${input.label}` : input.label;
  const kind =
    input.kind === "date"
      ? "date"
      : input.kind === "number" || input.kind === "count"
        ? "number"
        : input.kind === "yesno" || input.kind === "tick"
          ? "flag"
          : "text";
  const choices =
    input.kind === "choice"
      ? Object.fromEntries(input.choices.map((choice) => [choice.value, choice.label]))
      : undefined;
  return { path, label, kind, choices };
}

/** A label for a path in a SOP record's data, from the paper's definition; null when unknown. */
export function sopField(definition: FormatDefinition, path: string): FieldSpec | null {
  const [first, second, third] = path.split(".");
  for (const input of [...definition.header, ...definition.footer])
    if (input.name === first && second === undefined) return inputSpec(path, input);
  for (const block of definition.body) {
    if (block.type === "checklist" && block.store === "list" && block.name === first) {
      const item = block.sections.flatMap((section) => section.items)[Number(second)];
      const input = [block.status, block.remarks].find((candidate) => candidate?.name === third);
      if (!item) return null;
      if (!input) return { path, label: `${item.label} · ${third}` };
      return inputSpec(path, input, item.label);
    }
    if (block.type === "checklist" && block.store === "keyed") {
      const section = block.sections.find((candidate) => candidate.key === first);
      const item = section?.items.find((candidate) => candidate.key === second);
      if (item && third === undefined) return inputSpec(path, block.status, item.label);
    }
    if (block.type === "register" && block.name === first) {
      const column = block.parts.flatMap((part) => part.columns).find((input) => input.name === third);
      const row = `Row ${Number(second) + 1}`;
      return column ? inputSpec(path, column, row) : null;
    }
    if (block.type === "counts" && block.name === first) {
      const item = block.items.find((candidate) => candidate.key === second);
      return item ? { path, label: `${block.title} · ${item.label}`, kind: "number" } : null;
    }
  }
  return null;
}
