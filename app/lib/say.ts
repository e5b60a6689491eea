// A translator as the server's words take it (app/i18n/say.server.ts translatorIn): the English is
// the key, "{name}" a value filled in. Pure, so a rule that words a mail or a device's name can be
// given a language's and still read in English without one.

export type Say = (english: string, values?: Record<string, string | number>) => string;

/** The English itself, its placeholders filled: a rule's words when no language is given. */
export const english: Say = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
