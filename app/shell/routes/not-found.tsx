import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "#app/auth/session.server.ts";
import { notFound } from "#app/lib/http.server.ts";

// Any address no route claims: the 404 page, inside the shell.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  notFound("There is no page at this address.");
}

export async function action({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  notFound("There is no page at this address.");
}

export default function NotFound() {
  return null;
}
