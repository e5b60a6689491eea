// The navigation bar's fixed menus (the legacy app "Navigation bar"). The navbar imports them from here,
// not from menus.ts: that one also derives the SOP menu from the formats' definitions, which must
// not reach the browser (the shell's loader sends the SOP menu instead).
export type MenuLink = { label: string; to: string };

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
