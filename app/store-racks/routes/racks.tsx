import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { useRowLinks } from "#app/ui/html-rows.tsx";
import { useSearchQuery } from "#app/ui/search.tsx";
import { RackPanel } from "../components.tsx";
import { listAllRacks } from "../queries.server.ts";
import racksCss from "../racks.css?url";
import { packRackRows, unpackRackRows } from "../rows.ts";
import { messages, RACKS } from "../rules.ts";

// /about, the Store Racks page (spec §2): one collapsible panel per rack, racks 1 to 24 in order.
export const meta: MetaFunction = () => [{ title: "Store Racks · PlantOps" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: racksCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // One query for all 24 racks, only the shown fields, packed (rows.ts: the page embeds them).
  const racks = await listAllRacks(db);
  return { racks: racks.map(packRackRows) };
}

export default function StoreRacksPage() {
  const { racks: packed } = useLoaderData<typeof loader>();
  const racks = useMemo(() => packed.map(unpackRackRows), [packed]);
  const query = useSearchQuery();
  // With JavaScript, Delete asks in a dialog; without, its link opens the confirmation page.
  const deleteDialog = useDeleteDialog(messages.deleteQuestion);
  const onRowClick = useRowLinks(deleteDialog.ask);
  return (
    <section className="page store-racks">
      <div className="page-head">
        <h1>Store Racks</h1>
      </div>
      {RACKS.map((rack) => (
        <RackPanel
          key={rack.number}
          rackNumber={rack.number}
          rows={racks[rack.number - 1] ?? []}
          query={query}
          onRowClick={onRowClick}
        />
      ))}
      {deleteDialog.dialog}
    </section>
  );
}
