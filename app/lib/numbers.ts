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
