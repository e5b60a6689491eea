import type { Translate } from "#app/i18n/translate.ts";
import { rackLabel } from "#app/store-racks/rules.ts";

// The ledger's pages word what they show in the page's language (app/i18n): the loaders send
// figures and names, the components put them in sentences whose English is the catalogue's key
// (namespaces "ledger" and "stock"). A rack's label and a department's name are the catalogue's
// words too; what people typed (a section, an asset) is never translated.

/** Where an item is kept: a rack item's rack and section, a spares line's department, serial number and asset. */
export type ItemPlace =
  | { rack: number; section: string }
  | { department: string; srno: number; assets: string };

/** "RACK 7 - Electrician, section A" / "Electrician spares, Sr. No. 12, Pump house", in the page's language. */
export function placeText(_: Translate, place: ItemPlace): string {
  if ("rack" in place)
    return _("{rack}, section {section}", { rack: _(rackLabel(place.rack)), section: place.section });
  return _("{department} spares, Sr. No. {srno}, {assets}", {
    department: _(place.department),
    srno: place.srno,
    assets: place.assets,
  });
}
