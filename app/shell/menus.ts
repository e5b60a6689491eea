import type { MenuLink } from "#app/shell/fixed-menus.ts";
import { formats } from "#app/sop/formats/index.ts";

// The navigation bar's menus (the legacy app "Navigation bar"), for the server and the tests.
export * from "#app/shell/fixed-menus.ts";

/** The SOP formats in the paper's menu order (the paper formats "Menu order"), which is the formats
 * list's. The shell's loader sends it: importing the definitions would put all ten formats' items
 * into every page's JavaScript. */
export const sopFormatsMenu: MenuLink[] = formats.map((format) => ({
  label: `${format.code} ${format.title}`,
  to: format.path,
}));
