import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { translateMessage } from "#app/i18n/messages.ts";
import { MAX_TOASTS, TOAST_DURATIONS, type Toast } from "#app/lib/toast-types.ts";

// sonner is fetched after the page is interactive: no first render needs it, and the pages of
// low-spec terminals load less before they work. Toasts wait until the toaster is mounted.
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

const LazyToaster = lazy(async () => {
  const { Toaster } = await import("sonner");
  function ReadyToaster(props: ToasterProps) {
    useEffect(() => markReady(), []);
    return <Toaster {...props} />;
  }
  return { default: ReadyToaster };
});

export function showToast({ type, message, id }: Toast) {
  void toasterReady
    .then(() => import("sonner"))
    .then(({ toast: sonner }) => {
      const options = { duration: TOAST_DURATIONS[type], id };
      if (type === "success") sonner.success(message, options);
      else if (type === "error") sonner.error(message, options);
      else if (type === "loading") sonner.loading(message, options);
      else sonner(message, options);
    });
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
export function Toasts({ toast: given }: { toast: Toast | null }) {
  const { _ } = useLingui();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Its message is the English the action wrote: shown in the page's language where the catalogue
  // has it, whole or as one of the form kit's patterns ("Only 3 in stock on 21/11/2026."); a
  // message naming a record stays English.
  const toast = given && { ...given, message: translateMessage(_, given.message) };
  useToast(toast);
  return (
    <>
      {/* Bottom right: at the top they covered the navbar's menus (issue 30). */}
      {hydrated ? (
        <Suspense fallback={null}>
          <LazyToaster visibleToasts={MAX_TOASTS} position="bottom-right" richColors closeButton />
        </Suspense>
      ) : null}
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
