import { useLingui } from "@lingui/react";
import { rackLabel } from "#app/store-racks/rules.ts";
import { around, SLOT, Typed } from "#app/ui/typed.tsx";

// The ledger's pages word what they show in the page's language (app/i18n): the loaders send
// figures and names, the components put them in sentences whose English is the catalogue's key
// (namespaces "ledger" and "stock"). A rack's label and a department's name are the catalogue's
// words too; what people typed (a section, an asset) is marked as such (app/ui/typed.tsx).

/** Where an item is kept: a rack item's rack and section, a spares line's department, serial number and asset. */
export type ItemPlace =
  | { rack: number; section: string }
  | { department: string; srno: number; assets: string };

/** "RACK 7 - Electrician, section A" / "Electrician spares, Sr. No. 12, Pump house", in the page's language. */
export function Place({ place }: { place: ItemPlace }) {
  const { _ } = useLingui();
  if ("rack" in place)
    return around(
      _("{rack}, section {section}", { rack: _(rackLabel(place.rack)), section: SLOT }),
      <Typed>{place.section}</Typed>,
    );
  return around(
    _("{department} spares, Sr. No. {srno}, {assets}", {
      department: _(place.department),
      srno: place.srno,
      assets: SLOT,
    }),
    <Typed>{place.assets}</Typed>,
  );
}
