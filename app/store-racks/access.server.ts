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
  if (rackNumber === null) throw jsonAnswer({ message: "Rack not found" }, 404);
  return rackNumber;
}

export const itemNotFound = () => jsonAnswer({ message: "Rack item not found" }, 404);

/** A page's form post; an oversized body is the 413 page, never a 500. */
export async function readPageForm(request: Request): Promise<FormData> {
  try {
    return await readForm(request);
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
