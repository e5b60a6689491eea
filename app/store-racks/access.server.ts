import { HttpError, jsonAnswer, notFound, readForm } from "#app/lib/http.server.ts";
import { parseRackNumber } from "#app/store-racks/rules.ts";

// An unknown rack number (0, 25, "abc") is a 404: the 404 page for pages, JSON for /api.

export function requireRackNumber(raw: string | undefined): number {
  const rackNumber = parseRackNumber(raw);
  if (rackNumber === null) notFound("There is no such rack. Store racks are numbered 1 to 24.");
  return rackNumber;
}

export function requireApiRackNumber(raw: string | undefined): number {
  const rackNumber = parseRackNumber(raw);
  if (rackNumber === null) throw new HttpError(404, "Rack not found");
  return rackNumber;
}

export const itemNotFound = () => jsonAnswer({ message: "Rack item not found" }, 404);

/** A page's form post; an oversized body is the 413 page (readForm throws an HttpError), never a 500. */
export const readPageForm = readForm;
