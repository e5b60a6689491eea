import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { todayFor } from "#app/home/today.server.ts";
import type { TodayData } from "#app/home/today.ts";
import { recordMovement } from "#app/ledger/movements.server.ts";
import { action as movementAction } from "#app/ledger/routes/movement.tsx";
import { orderStatusSqlOf } from "#app/spares/order-status.server.ts";
import { createLine } from "#app/spares/queries.server.ts";
import { loader as apiList } from "#app/spares/routes/api-list.ts";
import { loader as exportLoader } from "#app/spares/routes/export.ts";
import { loader as tableLoader } from "#app/spares/routes/list.tsx";
import { loader as printLoader } from "#app/spares/routes/print.tsx";
import { type Department, ORDER_TO_PLACE, type OrderStatus, orderStatusOf } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// Issue 30: a spares line's Status of Order is derived from its stock (the ledger's balance) and
// its minimum, never stored, so an issue or a receipt changes it at once on every page that shows
// it: the table's row, its status filter, the print, both exports, the API and Today.

const admin = await signedInUser(); // the first account of the file's database is the admin
const token = await apiToken(admin);
const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
const todayUser = { id: adminRow.id, role: "admin" as const, sessionId: randomUUID() };

type Seen = Record<"row" | "filter" | "print" | "xlsx" | "csv" | "api" | "today", OrderStatus | "missing">;
type Readers = Record<keyof Seen, Map<number, OrderStatus>>;

const path = (department: Department, tail = "") => `/products/${department}${tail}`;
const json = async <T>(response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

/** Every line of a department as each reader shows its status, by serial number. */
async function readers(department: Department): Promise<Readers> {
  const params = { department };
  const table = await json<{ rows: { srno: number; status: OrderStatus }[] }>(
    await run(tableLoader, buildRequest(path(department, "?size=500"), { cookie: admin.cookie }), params),
  );
  const filtered = new Map<number, OrderStatus>();
  for (const status of ["Order to place", "Available"] as const) {
    const page = await json<{ rows: { srno: number }[] }>(
      await run(
        tableLoader,
        buildRequest(path(department, `?size=500&status=${encodeURIComponent(status)}`), {
          cookie: admin.cookie,
        }),
        params,
      ),
    );
    for (const row of page.rows) filtered.set(row.srno, status);
  }
  const print = await json<{ rows: { srno: number; status: OrderStatus }[] }>(
    await run(printLoader, buildRequest(path(department, "/print"), { cookie: admin.cookie }), params),
  );
  const download = async (format: string) => {
    const response = await run(
      exportLoader,
      buildRequest(path(department, `/export?format=${format}`), { cookie: admin.cookie }),
      params,
    );
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await download("xlsx")) as unknown as ArrayBuffer);
  const xlsx = new Map<number, OrderStatus>();
  book.worksheets[0].eachRow((row, number) => {
    const values = (row.values as unknown[]).slice(1);
    if (number > 1) xlsx.set(Number(values[0]), values[7] as OrderStatus);
  });
  const csvRows = (parse(await download("csv"), { bom: true }) as string[][]).slice(1);
  const api = await json<{ users: { srno: number; StatusofOrder: OrderStatus }[] }>(
    await run(apiList, buildRequest(`/api/${department}/product`, { token }), params),
  );
  // Today names the first few lines to order and counts them all: the property compares the count,
  // the scenario the names.
  const today = await todayFor(db, todayUser, new Date(), "Asia/Kolkata");
  const toOrder = todayGroup(today, department);
  const todayMap = new Map<number, OrderStatus>();
  for (const item of toOrder.items) todayMap.set(Number(/^#(\d+) /.exec(item.text)?.[1]), ORDER_TO_PLACE);
  return {
    row: new Map(table.rows.map((row) => [row.srno, row.status])),
    filter: filtered,
    print: new Map(print.rows.map((row) => [row.srno, row.status])),
    xlsx,
    csv: new Map(csvRows.map((row) => [Number(row[0]), row[7] as OrderStatus])),
    api: new Map(api.users.map((line) => [line.srno, line.StatusofOrder])),
    today: todayMap,
  };
}

function todayGroup(data: TodayData, department: Department) {
  const spares = data.cards.find((card) => card.id === "spares");
  const group = spares?.groups.find((item) => item.label.startsWith(`${department}: ${ORDER_TO_PLACE}`));
  if (!group) throw new Error(`Today has no '${ORDER_TO_PLACE}' group for ${department}`);
  return group;
}

/** One line as every reader shows it ('missing' where a reader leaves it out). */
function seenBy(all: Readers, srno: number): Seen {
  const seen = {} as Seen;
  for (const [reader, statuses] of Object.entries(all) as [keyof Seen, Map<number, OrderStatus>][])
    seen[reader] = statuses.get(srno) ?? (reader === "today" ? "Available" : "missing");
  return seen;
}

const everywhere = (status: OrderStatus): Seen => ({
  row: status,
  filter: status,
  print: status,
  xlsx: status,
  csv: status,
  api: status,
  today: status,
});

async function addLine(department: Department, srno: number, name: string, stock: number, minimum: number) {
  const saved = await createLine(
    db,
    department,
    {
      srno,
      Assets: name,
      ComponentsAndEquipments: name,
      AvailableStock: stock,
      MinStock: minimum,
      LeadTime: 7,
    },
    adminRow.id,
  );
  if (!saved.ok) throw new Error(saved.reason);
  return saved.line._id;
}

/** An issue or a receipt as the row's links post it (the movement form's action, no JavaScript). */
async function move(id: string, form: "issue" | "receive", quantity: number) {
  const back = "/products/FireFight";
  const response = await run(
    movementAction,
    buildRequest(`/stock/spare/${id}/${form}`, {
      form: { movedOn: plantToday(), quantity: String(quantity), back },
      cookie: admin.cookie,
    }),
    { type: "spare", id },
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(back);
}

describe("a line's Status of Order follows its stock", () => {
  it("issue 3 of 7 fuses (minimum 5): 'Order to place' everywhere; receive 10 V-belts (minimum 2): 'Available' everywhere", async () => {
    const fuse = await addLine("FireFight", 1, "Fuse 10 A", 7, 5);
    const belt = await addLine("FireFight", 2, "V-belt B-42", 0, 2);
    let seen = await readers("FireFight");
    expect(seenBy(seen, 1)).toEqual(everywhere("Available"));
    expect(seenBy(seen, 2)).toEqual(everywhere("Order to place"));

    await move(fuse, "issue", 3);
    await move(belt, "receive", 10);
    seen = await readers("FireFight");
    expect(seenBy(seen, 1)).toEqual(everywhere("Order to place"));
    expect(seenBy(seen, 2)).toEqual(everywhere("Available"));

    // Equal to the minimum is an order to place too; one more received and it is available.
    await move(fuse, "receive", 1);
    expect(seenBy(await readers("FireFight"), 1)).toEqual(everywhere("Order to place"));
    await move(fuse, "receive", 0.5);
    expect(seenBy(await readers("FireFight"), 1)).toEqual(everywhere("Available"));
  });
});

describe("the SQL twin of the order-status rule", () => {
  /** The twin's answer for each pair of figures, as numeric(14, 3) like the stock columns. */
  async function twin(pairs: readonly (readonly [number, number])[]): Promise<OrderStatus[]> {
    const figure = (value: number): SQL => sql`${String(value)}::numeric(14, 3)`;
    const rows = await db.execute<{ status: OrderStatus }>(sql`
      select ${orderStatusSqlOf(sql`v.a`, sql`v.b`)} as status
      from (values ${sql.join(
        pairs.map(([a, b], index) => sql`(${index}::int, ${figure(a)}, ${figure(b)})`),
        sql`, `,
      )}) as v(i, a, b) order by v.i`);
    return rows.map((row) => row.status);
  }

  it("agrees with the rule on the edges: 0, equal figures, a thousandth either side, decimals, the largest", async () => {
    const edges = [
      [0, 0],
      [0, 0.001],
      [0.001, 0],
      [5, 5],
      [4, 5],
      [4.999, 5],
      [5.001, 5],
      [2.5, 2.5],
      [10.1, 3.05],
      [0.3, 0.1 + 0.2],
      [0.1 + 0.2, 0.3],
      [999_999_999, 999_999_999],
      [999_999_999, 999_999_998.999],
      [0, 999_999_999],
    ] as const;
    expect(await twin(edges)).toEqual(edges.map(([a, b]) => orderStatusOf(a, b)));
  });

  it("agrees with the rule on any figures of 3 decimals", async () => {
    const thousandths = fc.integer({ min: 0, max: 99_999_999 }).map((n) => n / 1000);
    const pair = fc.oneof(
      fc.tuple(thousandths, thousandths),
      // Close figures, where a rounding slip would show.
      thousandths.chain((a) =>
        fc.tuple(
          fc.constant(a),
          fc.integer({ min: -2, max: 2 }).map((d) => Math.max(0, a + d / 1000)),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 200 }), async (pairs) => {
        expect(await twin(pairs)).toEqual(pairs.map(([a, b]) => orderStatusOf(a, b)));
      }),
      { numRuns: 30 },
    );
  });
});

describe("every reader agrees with the rule (property)", () => {
  it("for random minimums and random issues, receipts and counts, the row, filter, print, exports, API and Today say what the rule says", async () => {
    const department: Department = "Technician";
    const quantity = fc.oneof(
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 0, max: 12_000 }).map((n) => n / 1000),
    );
    const movement = fc.record({
      kind: fc.constantFrom(...(["issue", "receipt", "count"] as const)),
      quantity,
    });
    const line = fc.record({
      opening: quantity,
      minimum: quantity,
      moves: fc.array(movement, { maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        const ids = (
          await db
            .select({ id: inventoryItems.id })
            .from(inventoryItems)
            .where(eq(inventoryItems.department, department))
        ).map((row) => row.id);
        if (ids.length) {
          await db.delete(stockMovements).where(inArray(stockMovements.inventoryItemId, ids));
          await db.delete(inventoryItems).where(inArray(inventoryItems.id, ids));
        }
        const expected = new Map<number, OrderStatus>();
        for (const [index, drawn] of lines.entries()) {
          const srno = index + 1;
          const id = await addLine(department, srno, `Part ${srno}`, drawn.opening, drawn.minimum);
          for (const moved of drawn.moves) {
            // An issue of more than the stock is refused by the ledger: the stock stays as it was.
            if (moved.kind === "receipt" && moved.quantity === 0) continue;
            await recordMovement(
              db,
              { type: "spare", id },
              { kind: moved.kind, movedOn: plantToday(), quantity: moved.quantity },
              adminRow.id,
            );
          }
          const [stored] = await db
            .select({ stock: inventoryItems.availableStock, minimum: inventoryItems.minStock })
            .from(inventoryItems)
            .where(eq(inventoryItems.id, id));
          expected.set(srno, orderStatusOf(stored.stock, stored.minimum));
        }
        const seen = await readers(department);
        for (const [srno, status] of expected) {
          // Today names only the first few lines to order: those it names, it names rightly.
          const { today: _firstFew, ...others } = seenBy(seen, srno);
          const { today: _, ...wanted } = everywhere(status);
          expect({ srno, ...others }).toEqual({ srno, ...wanted });
        }
        for (const srno of seen.today.keys()) expect(expected.get(srno)).toBe(ORDER_TO_PLACE);
        // …and counts them all.
        const toOrder = [...expected.values()].filter((status) => status === ORDER_TO_PLACE).length;
        const today = await todayFor(db, todayUser, new Date(), "Asia/Kolkata");
        expect(todayGroup(today, department).count).toBe(toOrder);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
