export type ToastKind = "success" | "error" | "info" | "loading";
export type Toast = { type: ToastKind; message: string; id?: string };

// The legacy app: success 2 s, error 4 s, default 4 s, loading until dismissed, at most 20 at once.
export const TOAST_DURATIONS: Record<ToastKind, number> = {
  success: 2000,
  error: 4000,
  info: 4000,
  loading: Number.POSITIVE_INFINITY,
};
export const MAX_TOASTS = 20;
