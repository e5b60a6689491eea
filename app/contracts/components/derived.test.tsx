import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { ContractCells } from "#app/contracts/components/contract-cells.tsx";
import { ContractForm } from "#app/contracts/components/contract-form.tsx";
import type { ContractRow } from "#app/contracts/list.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { RecordHeads } from "#app/ui/list/record-cells.tsx";
import { inLanguage } from "#tests/support/in-language.tsx";

// Adding a field to a contract touches its definition (record.ts), its table and its migration
// (docs/architecture.md "Adding a field to a record type"): the form, the list's columns and the
// print view draw it from the definition. Here the definition has one field more than the real
// one, and the pages show it.

vi.mock("#app/contracts/record.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#app/contracts/record.ts")>();
  const { defineRecord } = await import("#app/lib/record.ts");
  const contractRecord = defineRecord({
    ...actual.contractRecord.fields,
    warrantyUntil: {
      label: "Warranty Until",
      kind: "date",
      column: "warranty_until",
      list: { sort: "value", search: true },
    },
  });
  return { ...actual, contractRecord };
});

// The pages' router pieces, as plain elements (no router in a unit test).
vi.mock("@remix-run/react", () => ({
  Form: ({ children, ...props }: { children: ReactNode }) => <form {...props}>{children}</form>,
  Link: ({
    to,
    children,
    preventScrollReset: _,
    ...props
  }: {
    to: string;
    children: ReactNode;
    preventScrollReset?: boolean;
  }) => (
    <a href={to} {...props}>
      {children}
    </a>
  ),
  useNavigation: () => ({ state: "idle" }),
  useLocation: () => ({ pathname: "/amc", search: "" }),
}));

const row = {
  id: "c1",
  equipment: "Pump",
  company: "Kirloskar",
  validityFrom: "2026-01-01",
  validityTo: "2026-12-31",
  pms: "Monthly",
  vendorCode: "",
  contractNumber: "",
  concernedPerson: "",
  mobileNumber: "",
  lastCheckedOn: "",
  nextDueOn: "2026-12-01",
  warrantyUntil: "2027-02-01",
  status: "fine",
  reason: null,
} as ContractRow;

const view = {
  name: "contracts",
  q: "",
  sort: "equipment",
  dir: "asc" as const,
  page: 1,
  size: 25,
  total: 1,
  defaults: { sort: "equipment", dir: "asc" as const },
};

// The pages read their words through the page's language (English here).
const render = (node: ReactNode) => renderToStaticMarkup(inLanguage(node));

describe("a field added to the contract's definition", () => {
  test("is asked for on the insert form, after the next due date, with its label", () => {
    const html = render(<ContractForm mode="insert" />);
    expect(html).toContain('<label for="contract-insert-warrantyUntil">Warranty Until</label>');
    expect(html).toMatch(/<input[^>]*name="warrantyUntil"[^>]*type="date"/);
    expect(html.indexOf('name="warrantyUntil"')).toBeGreaterThan(html.indexOf('name="nextDueOn"'));
  });

  test("is a cell of the list and the print view, and a column heading of both", () => {
    const cells = render(
      <table>
        <tbody>
          <tr>
            <ContractCells row={row} q="" />
          </tr>
        </tbody>
      </table>,
    );
    expect(cells.match(/<td/g)).toHaveLength(11);
    expect(cells).toContain("<td>01/02/2027</td>");
    const printHeads = render(
      <table>
        <thead>
          <tr>
            <RecordHeads definition={contractRecord} />
          </tr>
        </thead>
      </table>,
    );
    expect(printHeads).toContain('<th scope="col">Warranty Until</th>');
    const heads = render(
      <table>
        <thead>
          <tr>
            <RecordHeads definition={contractRecord} view={view} />
          </tr>
        </thead>
      </table>,
    );
    expect(heads).toContain("sort=warrantyUntil");
  });
});
