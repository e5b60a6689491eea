import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { serverSettings } from "#app/lib/env.server.ts";
import type { Toast } from "#app/lib/toast-types.ts";

// A one-time message carried across a redirect in its own cookie (works signed in or out).
// With JavaScript it becomes a sonner toast; without, the page shows it inline.
type ToastFlash = { toast: Toast & { id: string } };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: "plantops_toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [serverSettings().SESSION_SECRET],
    },
  });
  return storage;
}

export async function toastCookie(toast: Toast) {
  const session = await toastStorage().getSession();
  session.flash("toast", { ...toast, id: crypto.randomUUID() });
  return toastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("set-cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast (root loader). */
export async function takeToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  const toast = session.get("toast") ?? null;
  const setCookie = toast ? await toastStorage().destroySession(session) : null;
  return { toast, setCookie };
}
