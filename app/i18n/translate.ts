// A translator as the code that words a page takes it: `useLingui()._` in a component, or one made
// on the server for the person's language. English in (the catalogue's key), the page's language out.

export type Translate = (english: string, values?: Record<string, string | number>) => string;

/** The words as written, placeholders filled in: for what stays English (a file export, the API). */
export const inEnglish: Translate = (english, values = {}) =>
  english.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
