// One sanitiser for text at the edge (forms, the API, imports): pure, so the browser's live
// validation and the server's agree. The body readers (app/lib/http.server.ts) apply `cleanText` to
// every value they read; the feature schemas apply `singleLine` or `multiLine` per field.
//
// Control characters are REMOVED, not refused: nobody types them, they arrive by pasting (a
// spreadsheet's cell, a PDF) or from a script, and a 400 naming an invisible character helps no one.
// Line breaks in a single-line field (equipment, company, names, phone numbers, a SOP sheet's
// one-line inputs) are FOLDED to one space, not refused, for the same reason: a browser's <input>
// drops them itself when text is pasted, so the server does what the page already did, and the API
// cannot store a value the page could never show on one line. Fields meant to hold several lines
// (remarks, descriptions, a SOP sheet's <textarea>s) keep them, written as "\n".

/** C0 controls except tab, LF and CR; DEL; C1 controls. NEL (U+0085) is handled as a line break first. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u0080-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Every way text says "new line": CRLF, CR, LF, VT, FF, NEL, the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const LINE_BREAK = /\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const FOLD = /[ \t]*(?:\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029])[ \t\r\n\u000B\u000C\u0085\u2028\u2029]*/g;

/**
 * Text PostgreSQL can store and people can read: control characters (NUL included; PostgreSQL
 * refuses U+0000 in text and jsonb) removed, tab and line breaks kept; a lone UTF-16 surrogate (not
 * valid Unicode; jsonb refuses it) becomes U+FFFD.
 */
export function cleanText(value: string): string {
  return value.replace(CONTROLS, "").replace(LONE_SURROGATE, "\uFFFD");
}

/** A single-line field's text: cleaned, and each line break (with the spaces around it) one space. */
export function singleLine(value: string): string {
  return cleanText(value.replace(FOLD, " "));
}

/** A several-line field's text: cleaned, every kind of line break written "\n". */
export function multiLine(value: string): string {
  return cleanText(value.replace(LINE_BREAK, "\n"));
}

/**
 * Record text inside a mail (the daily digest): on one line, in quotation marks, truncated, and with
 * any address defanged ("http://" → "http[:]//", "www." → "www[.]") so no mail client makes it a link.
 * A record's text is data, never the mail's own words: it cannot start a paragraph or carry a link.
 */
export function quotedForMail(value: string | null | undefined, max = 120): string {
  const line = singleLine(value ?? "")
    .trim()
    .replaceAll('"', "'");
  const short = line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
  return `"${short.replace(/:\/\//g, "[:]//").replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}[.]`)}"`;
}
