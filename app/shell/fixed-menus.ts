// The navigation bar's fixed menus (the legacy app "Navigation bar"). The navbar imports them from here,
// not from menus.ts: that one also derives the SOP menu from the formats' definitions, which must
// not reach the browser (the shell's loader sends the SOP menu instead).
// Labels are English, the catalogue's keys: the navbar shows them in the page's language
// (app/i18n/locales, namespace "shell"; menus.test.ts checks each has its Hindi).
export type MenuLink = { label: string; to: string };

/** The bar's own words: its menus' titles and its plain links. */
export const barLabels = {
  spares: "SPARES",
  amc: "AMC",
  racks: "RACKS",
  sop: "SOP HANDLING",
  sopFormats: "SOP ADMIN & SECURITY FORMATS",
  settings: "SETTINGS",
  audit: "AUDIT LOG",
} as const;

/** The SOP menu's first entry, before the formats (menus.ts sopFormatsMenu). */
export const allFormatsLink: MenuLink = { label: "All formats", to: "/adminandsecurity" };

export const sparesMenu: MenuLink[] = [
  { label: "Electrician", to: "/products" },
  { label: "FireFighting", to: "/firefight" },
  { label: "Technician", to: "/technician" },
];

export const amcMenu: MenuLink[] = [{ label: "Annual Maintenance Contracts", to: "/amc" }];

export const racksMenu: MenuLink[] = [
  { label: "Store Racks", to: "/about" },
  // The ledger's period report of the racks (and the spares lines): issue 17.
  { label: "Stock report", to: "/stock/report" },
  { label: "Admin Racks", to: "/rackadmin" },
];
