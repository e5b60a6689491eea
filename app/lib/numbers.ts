// Figures as people write them, in forms and in spreadsheets alike (one rule for both, so a value
// a form refuses is refused by an import too): thousands may be grouped with commas, "1,250" and
// the Indian "1,25,000", the decimal point is a point. Only whole groups count: "1,25" and "1,2"
// stay as written, for the field's own rule to refuse (a decimal comma is never read).

const GROUPED = /^[+-]?(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})+,\d{3})(\.\d*)?$/;

/** The figure without its grouping commas ("1,250.5" → "1250.5"), trimmed; anything else trimmed. */
export function ungroupDigits(text: string): string {
  const trimmed = text.trim();
  return GROUPED.test(trimmed) ? trimmed.replaceAll(",", "") : trimmed;
}

/**
 * A figure as the pages write it, in either language: the Indian grouping ("1,00,000"), Latin
 * digits, at most three decimals; what `Intl.NumberFormat("en-IN")` writes (the tests hold it to
 * that, but never "-0"), and the reading `ungroupDigits` takes back. Written out rather than asked
 * of Intl because the pages write figures while they hydrate: a tab's first number format makes V8
 * set up ICU's number formatting, ~65 ms of the terminal's main thread on every page's first load
 * in a tab (docs/performance.md, "A tab's first number format").
 */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const [whole, fraction] = toThreeDecimals(Math.abs(value));
  // The last three digits, then pairs: 12,34,567.
  const grouped =
    whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${whole.slice(-3)}` : whole;
  const sign = value < 0 && (whole !== "0" || fraction) ? "-" : "";
  return `${sign}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/**
 * A positive number's whole digits and its decimals (trailing zeros dropped), rounded as Intl
 * rounds: the shortest decimal that reads back as the number (what String() writes), half away
 * from zero ("554.6265" → "554.627", where toFixed(3) would round the binary value down).
 */
function toThreeDecimals(value: number): [string, string] {
  if (value < 0.0005) return ["0", ""];
  const [whole = "0", decimals = ""] = String(value).split(".");
  if (decimals.length <= 3) return [whole, decimals.replace(/0+$/, "")];
  let kept = BigInt(whole + decimals.slice(0, 3));
  if (decimals.charAt(3) >= "5") kept += 1n;
  const digits = kept.toString().padStart(4, "0");
  return [digits.slice(0, -3), digits.slice(-3).replace(/0+$/, "")];
}
