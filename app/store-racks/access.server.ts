import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "#app/db/client.server.ts";
import { HttpError, jsonAnswer, notFound, readForm } from "#app/lib/http.server.ts";
import { findRackItem } from "#app/store-racks/queries.server.ts";
import { messages, parseRackNumber } from "#app/store-racks/rules.ts";

// An unknown rack number (0, 25, "abc") is a 404: the 404 page for pages, JSON for /api.

export function requireRackNumber(raw: string | undefined): number {
  const rackNumber = parseRackNumber(raw);
  if (rackNumber === null) notFound("There is no such rack. Store racks are numbered 1 to 24.");
  return rackNumber;
}

/**
 * The item a page's address names (/…/{rackNumber}/{id}) and its rack, as the item's pages show
 * it; the 404 page when the rack or the item is not there.
 */
export async function requireRackItemPage(params: LoaderFunctionArgs["params"]) {
  const rackNumber = requireRackNumber(params.rackNumber);
  const item = await findRackItem(db, rackNumber, params.id ?? "");
  if (!item) notFound(messages.notFound);
  const shown = {
    id: item._id,
    section: item.section,
    materialName: item.materialName,
    closingStock: item.closingStock,
  };
  return { rackNumber, item, shown };
}

export function requireApiRackNumber(raw: string | undefined): number {
  const rackNumber = parseRackNumber(raw);
  if (rackNumber === null) throw new HttpError(404, "Rack not found");
  return rackNumber;
}

export const itemNotFound = () => jsonAnswer({ message: "Rack item not found" }, 404);

/** A page's form post; an oversized body is the 413 page (readForm throws an HttpError), never a 500. */
export const readPageForm = readForm;
