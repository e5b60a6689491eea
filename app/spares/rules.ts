// Spare-parts inventory rules (the legacy app "Inventory tables", "Inventory derived state").
// Pure: no I/O. They run in the browser (live preview) and on the server (the truth on save).

export const DEPARTMENTS = ["Electrician", "FireFight", "Technician"] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** Exact case only (the legacy API contract: anything else is a 404). */
export function isDepartment(value: unknown): value is Department {
  return typeof value === "string" && (DEPARTMENTS as readonly string[]).includes(value);
}

/** The navbar's address of each department's table (the legacy app); /products/{department} shows the same. */
export const MENU_TABLE_PATHS: Record<Department, string> = {
  Electrician: "/products",
  FireFight: "/firefight",
  Technician: "/technician",
};

/** Where Cancel and a successful save go (the legacy app; README differences 14 and 15). */
export const departmentListPath = (department: Department) => `/products/${department}`;

/** The department whose table a path shows, or null when the path is not an inventory table. */
export function departmentOfListPath(pathname: string): Department | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const department of DEPARTMENTS) {
    if (path === MENU_TABLE_PATHS[department] || path === departmentListPath(department)) return department;
  }
  return null;
}

/** A list to go back to after a delete: only our own list paths (no open redirect). */
export function safeListPath(back: string | null | undefined, department: Department) {
  return back && departmentOfListPath(back) === department ? back : departmentListPath(department);
}

export const ORDER_TO_PLACE = "Order to place";
export const AVAILABLE = "Available";

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const figure = (value: number | null | undefined) =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

/** Excess/shortfall = available − minimum; a missing figure counts as 0 (the legacy app). */
export function excessShortFall(available?: number | null, minimum?: number | null): number {
  // Rounded to the 3 decimals stock is kept in, so 10.1 − 3.05 reads 7.05, not 7.049999….
  return round3(figure(available) - figure(minimum)) || 0;
}

/** An order is needed at 0 or below (the legacy app). */
export const needsOrder = (shortfall: number) => shortfall <= 0;

export type OrderStatus = typeof ORDER_TO_PLACE | typeof AVAILABLE;

/** The status for an excess/shortfall: 'Order to place' at 0 or less, else 'Available'. */
export function orderStatus(shortfall: number): OrderStatus {
  return needsOrder(shortfall) ? ORDER_TO_PLACE : AVAILABLE;
}

/**
 * A line's Status of Order, derived from its available stock (the ledger's balance) and its
 * minimum: 'Order to place' when available − minimum ≤ 0, else 'Available'. Never stored and
 * never typed: every reader (the tables, print, exports, API, import, Today) uses this rule or
 * its SQL twin in order-status.server.ts, so the text follows every issue and receipt.
 */
export const orderStatusOf = (available?: number | null, minimum?: number | null): OrderStatus =>
  orderStatus(excessShortFall(available, minimum));

export const messages = {
  required: "Please fill all required fields.",
  noDepartment: "Department is not specified",
  // The /api answers' legacy wording (their `Message` / `message`, which older tools read).
  created: "Product created successfully",
  updated: "Product updated successfully",
  deleted: "Product deleted successfully",
  // The pages' toasts, in the plant's words.
  lineAdded: "Spares line added.",
  lineUpdated: "Spares line updated.",
  lineDeleted: "Spares line deleted.",
  notFound: "Product not found",
  insertFailed: "Failed to insert product.",
  insertError: "An error occurred while inserting the product.",
  updateFailed: "Failed to update product.",
  updateError: "An error occurred while updating the product.",
  invalidIds: "Invalid department or product ID.",
  fetchFailed: "Failed to fetch product details.",
  fetchError: "An error occurred while fetching product details.",
  deleteQuestion: "Are you sure you want to permanently delete this item? This action cannot be undone.",
  deleteFailed: "Failed to delete product.",
  empty: "No products available",
  loading: "Loading...",
} as const;

export const unknownDepartmentMessage = (department: string) =>
  `Unknown department '${department}'. Use ${DEPARTMENTS.join(", ")}.`;

export const duplicateSrnoMessage = (srno: number, department: Department) =>
  `Serial number ${srno} already exists in ${department}.`;

/**
 * The address a delete posts to: the line's delete page, naming the id and version of the line the
 * user confirmed (kept when the address already names them).
 */
export function deleteHrefOf(href: string, line: { id: string; version: number }) {
  const [path, query = ""] = href.split("?");
  const search = new URLSearchParams(query);
  if (!search.has("line")) search.set("line", line.id);
  if (!search.has("version")) search.set("version", String(line.version));
  return `${path}?${search}`;
}
