// The Today page's data (issue 19), as the page and its print view render it: cards of groups,
// each with a count, a link to the filtered list and its first few items. Pure types: the server
// (today.server.ts) decides everything, the page only draws it.

import type { ChartView } from "#app/charts/geometry.ts";

export type TodayItem = {
  text: string;
  /** The text is what people typed (a contract's or a part's name): never translated. */
  typed?: true;
  /** A note after the text: "30 days overdue", "out 12 days". */
  note?: string;
  /** Overdue or missing: drawn in the warning colour. */
  late?: boolean;
  href?: string;
};

export type TodayGroup = {
  label: string;
  count: number;
  /** The filtered list the count stands for; none when the role may not open it. */
  href?: string;
  items: TodayItem[];
  late?: boolean;
};

export type TodayCard = {
  id: "backups" | "contracts" | "spares" | "returns" | "shifts" | "changes";
  title: string;
  /** What needs doing in all (the card's headline number). */
  total: number;
  /** A sentence under the title ("Nothing due.", "Since 22/11/2026 14:30"). */
  summary: string;
  groups: TodayGroup[];
  /** A small picture under the figures (the contracts' dates this month), drawn by the server. */
  chart?: ChartView;
};

export type TodayData = {
  /** The plant's day, dd/mm/yyyy, and the moment it was worked out, dd/mm/yyyy hh:mm. */
  day: string;
  at: string;
  cards: TodayCard[];
};

/** How many items a group shows: the rest are behind its link. */
export const FIRST_FEW = 3;
