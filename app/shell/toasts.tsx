import { useEffect, useState } from "react";
import { toast as sonner, Toaster } from "sonner";
import { MAX_TOASTS, TOAST_DURATIONS, type Toast } from "./toast-types.ts";

export function showToast({ type, message, id }: Toast) {
  const options = { duration: TOAST_DURATIONS[type], id };
  if (type === "success") return sonner.success(message, options);
  if (type === "error") return sonner.error(message, options);
  if (type === "loading") return sonner.loading(message, options);
  return sonner(message, options);
}

/** Shows a toast once per distinct toast id (or message) when it arrives from a loader or action. */
export function useToast(toast: Toast | null | undefined) {
  const key = toast ? (toast.id ?? `${toast.type}:${toast.message}`) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the toast
  useEffect(() => {
    if (toast) showToast(toast);
  }, [key]);
}

/**
 * The toaster plus the no-JavaScript fallback: the message is also rendered inline at the top of
 * the page. With JavaScript, CSS hides it before hydration (html[data-js], set by an inline
 * script in root.tsx) and it leaves the page once hydrated, so only the toast shows.
 */
export function Toasts({ toast }: { toast: Toast | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useToast(toast);
  return (
    <>
      <Toaster visibleToasts={MAX_TOASTS} position="top-center" richColors closeButton />
      {toast && !hydrated ? <InlineMessage toast={toast} /> : null}
    </>
  );
}

export function InlineMessage({ toast }: { toast: Toast }) {
  return (
    <p
      className={`flash flash-inline flash-${toast.type}`}
      role={toast.type === "error" ? "alert" : "status"}
    >
      {toast.message}
    </p>
  );
}
