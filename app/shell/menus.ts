// The navigation bar's menus (spec §2 "Navigation bar"); sop-formats.md gives the SOP menu order.
export type MenuLink = { label: string; to: string };

export const sparesMenu: MenuLink[] = [
  { label: "Electrician", to: "/products" },
  { label: "FireFighting", to: "/firefight" },
  { label: "Technician", to: "/technician" },
];

export const amcMenu: MenuLink[] = [{ label: "Annual Maintenance Contracts", to: "/amc" }];

export const racksMenu: MenuLink[] = [
  { label: "Store Racks", to: "/about" },
  { label: "Admin Racks", to: "/rackadmin" },
];

export const sopFormatsMenu: MenuLink[] = [
  { label: "AS11 Packed lorries checklist", to: "/AS11" },
  { label: "AS10 Bulk LPG tank trucks at unloading", to: "/as10" },
  { label: "AS09 Packed lorry in/out register", to: "/as09" },
  { label: "AS08 Tank lorry in/out register", to: "/as08" },
  { label: "AS06 Tank lorry checklist", to: "/as06" },
  { label: "AS12 Material in register", to: "/as12" },
  { label: "AS14 Material out register", to: "/as14" },
  { label: "AS15 Returnable material register", to: "/as15" },
  { label: "AS16 Handing over checklist to security", to: "/as16" },
  { label: "AS17 Security guard patrolling record", to: "/as17" },
];
