import { useLingui } from "@lingui/react";
import { useLocation } from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { MovementDialogOpened, MovementForm, MovementItem } from "#app/stock/item.ts";
import { FORM_TITLE } from "#app/stock/rules.ts";

// One Issue / Receive / Count dialog for a whole list page. Its form (Conform, the movement
// schema: about 20 KB gzip) is fetched once the page is idle, or when the dialog first opens,
// not with the page: a storekeeper's terminal parses the list first.
const loadForm = () => import("#app/stock/movement-dialog-form.tsx");
const DialogForm = lazy(loadForm);

type Opened = MovementDialogOpened;

/**
 * One movement dialog for a whole list page. `open(form, item, back)` shows it and says whether
 * it could (no <dialog> support: the row's link opens the form's page instead). On success the
 * action redirects to `back` (the list as it was) with its toast, and the dialog closes.
 */
export function useMovementDialog(today: string) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  // The same function on every render, so rows given it can skip re-rendering (memo).
  const open = useCallback((form: MovementForm, item: MovementItem, back: string) => {
    if (!ref.current?.showModal) return false;
    setOpened((previous) => ({ form, item, back, key: (previous?.key ?? 0) + 1 }));
    ref.current.showModal();
    return true;
  }, []);
  const close = () => ref.current?.close();
  // A save redirects back to the list (a new location): the dialog's work is done.
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every new location is the point
  useEffect(() => {
    ref.current?.close();
  }, [location.key]);
  // Fetched while the person reads the list, so the first dialog opens at once.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void loadForm());
  }, []);
  const dialog: ReactNode = (
    <dialog ref={ref} className="dialog movement-dialog" aria-labelledby="movement-dialog-title">
      {opened ? (
        <>
          <h2 id="movement-dialog-title">
            {_("{form}: {name}", { form: _(FORM_TITLE[opened.form]), name: opened.item.name })}
          </h2>
          <Suspense fallback={<p role="status">{_("Loading…")}</p>}>
            <DialogForm key={opened.key} opened={opened} today={today} onDone={close} />
          </Suspense>
        </>
      ) : null}
    </dialog>
  );
  return { open, dialog };
}
