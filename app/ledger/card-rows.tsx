import { useLingui } from "@lingui/react";
import { inEnglish, type Translate } from "#app/i18n/translate.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { reversePath, type StockItemRef } from "#app/stock/item.ts";
import type { StockCardRow } from "#app/stock/journal.server.ts";
import { formatQuantity, KIND_LABEL } from "#app/stock/rules.ts";
import { HeadCells } from "#app/ui/list/page.tsx";

// A stock card's rows as the page and its print view both show them, in the same columns (the
// print leaves out only the Reverse links): received and issued in their own columns, the balance
// after each, a reversed movement struck through and its reversal saying what it takes back.

/** A stock card's line as the page receives it, less what the table does not show (the item, when entered). */
export type CardRow = Omit<StockCardRow, "item" | "createdAt" | "createdBy">;

const received = (row: CardRow) => (row.quantity > 0 ? formatQuantity(row.quantity) : "");
const issued = (row: CardRow) => (row.quantity < 0 ? formatQuantity(-row.quantity) : "");

/** A reversal's remark: what it takes back, each a whole sentence of the catalogue. */
const REVERSES: Record<Exclude<CardRow["kind"], "reversal">, string> = {
  opening: "Reverses the opening stock",
  receipt: "Reverses the receipt",
  issue: "Reverses the issue",
  count: "Reverses the stock count",
};

/** A Reverse link's name for assistive technology, by the kind it reverses. */
const REVERSE_LABEL: Record<CardRow["kind"], string> = {
  opening: "Reverse the opening stock of {date}",
  receipt: "Reverse the receipt of {date}",
  issue: "Reverse the issue of {date}",
  count: "Reverse the stock count of {date}",
  reversal: "Reverse the reversal of {date}",
};

/** The card's column headings; the page adds the Reverse links' column, which the print leaves out. */
export function CardHead({ forPrint = false }: { forPrint?: boolean }) {
  const { _ } = useLingui();
  return (
    <thead>
      <tr>
        <HeadCells labels={["Date", "Kind", "Reference", "Received from / issued to"]} />
        <HeadCells labels={["Received", "Issued", "Balance"]} className="num" />
        <HeadCells labels={["Remark", "Entered by"]} />
        {forPrint ? null : (
          <th scope="col">
            <span className="visually-hidden">{_("Reversal")}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/**
 * A line above the movements with the balance they start from: the stock at the start of the
 * dates, or what a page brings forward from the one before (no date).
 */
export function CardBalanceRow({
  date,
  label,
  balance,
  forPrint = false,
}: {
  date?: string;
  label: string;
  balance: number;
  forPrint?: boolean;
}) {
  return (
    <tr className={forPrint ? undefined : "card-opening"}>
      <td>{date ? formatDateGB(date) : null}</td>
      <td colSpan={5}>{label}</td>
      <td className="num">{formatQuantity(balance)}</td>
      <td colSpan={forPrint ? 2 : 3} />
    </tr>
  );
}

/**
 * What the Remark column says: a count's figure and a reversal's original come first (in `_`'s
 * language; the file export's in English).
 */
export function remarkOf(row: CardRow, _: Translate = inEnglish): string {
  const parts: string[] = [];
  if (row.kind === "count" && row.counted !== null)
    parts.push(_("Counted {quantity}", { quantity: formatQuantity(row.counted) }));
  if (row.kind === "reversal") {
    parts.push(row.reversedKind ? _(REVERSES[row.reversedKind]) : _("Reverses a movement"));
  }
  if (row.remark) parts.push(row.remark);
  return parts.join(" · ");
}

export function CardTableRows({
  rows,
  item,
  mayReverse,
  forPrint = false,
}: {
  rows: CardRow[];
  item: StockItemRef;
  mayReverse: boolean;
  forPrint?: boolean;
}) {
  const { _ } = useLingui();
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id} className={row.reversedBy ? "reversed" : undefined}>
          <td>{formatDateGB(row.movedOn)}</td>
          <td>{_(KIND_LABEL[row.kind])}</td>
          <td translate="no">{row.reference ?? ""}</td>
          <td translate="no">{row.party ?? ""}</td>
          <td className="num">{received(row)}</td>
          <td className="num">{issued(row)}</td>
          <td className="num">{formatQuantity(row.balance)}</td>
          <td>
            {/* The card's own words first, then the remark as typed. */}
            {remarkOf({ ...row, remark: null }, _)}
            {row.remark && remarkOf({ ...row, remark: null }) ? " · " : null}
            {row.remark ? <span translate="no">{row.remark}</span> : null}
          </td>
          <td translate="no">{row.enteredBy ?? ""}</td>
          {forPrint ? null : (
            <td className="reversal-note">
              {row.reversedBy ? (
                _("Reversed")
              ) : mayReverse && row.kind !== "reversal" ? (
                <a
                  href={reversePath(item, row.id)}
                  aria-label={_(REVERSE_LABEL[row.kind], { date: formatDateGB(row.movedOn) })}
                >
                  {_("Reverse")}
                </a>
              ) : null}
            </td>
          )}
        </tr>
      ))}
    </>
  );
}
