import { useSyncExternalStore } from "react";
import { APP_ERROR_EVENT } from "./app-errors.ts";

export { APP_ERROR_EVENT, reportAppError } from "./app-errors.ts";

/**
 * An in-app toast (spec 3): key (timestamp), title, content, timeout, type, shown flag. "loading"
 * is the spec 9 persistent loading toast: no timeout until `update` gives it a result.
 */
export type ToastType = "success" | "default" | "error" | "warning" | "loading";
/**
 * Spec 9 names two variants: the app-wide toasts (offline, errors, loading: the app's state) and
 * the top-right toasts (what a feature tells about one thing: a notification arrived, saved).
 */
export type ToastVariant = "app" | "top-right";
export type ToastSlot = "offline" | "error";
export type Toast = {
  key: number;
  title: string | null;
  content: string;
  timeout: number;
  type: ToastType;
  variant: ToastVariant;
  shown: boolean;
  /** Offline and error toasts share one slot (spec 4.9). */
  slot: ToastSlot | null;
};

/**
 * Spec 9. App-wide: 4000 ms default and error, 2000 ms success, loading persistent (warning is not
 * named there: decided 4000 ms like default). Top-right: 3000 ms default and success (3000 ms too
 * for a toast shown without a type, which is a default one), 4000 ms error and warning.
 */
export const TOAST_TIMEOUTS: Record<ToastVariant, Record<ToastType, number>> = {
  app: { default: 4_000, error: 4_000, success: 2_000, warning: 4_000, loading: Number.POSITIVE_INFINITY },
  "top-right": { default: 3_000, success: 3_000, error: 4_000, warning: 4_000, loading: Number.POSITIVE_INFINITY },
};
/** Spec 9: at most 20 at once (both variants together); over it the oldest go first. */
export const TOASTS_MAX = 20;
/** Spec 4.9 and 9: a hidden toast is removed 1000 ms later (the hide animation). */
export const TOAST_REMOVE_DELAY_MS = 1_000;
/** Spec 8: the "Offline" toast lasts 500000 ms, or until the browser is back online. */
export const OFFLINE_TIMEOUT_MS = 500_000;

export type ToastInput = {
  content: string;
  title?: string | null;
  type?: ToastType;
  variant?: ToastVariant;
  timeout?: number;
  slot?: ToastSlot | null;
};

let toasts: Toast[] = [];
let lastKey = 0;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: Toast[]): void {
  toasts = next;
  for (const l of listeners) l();
}

function nextKey(): number {
  lastKey = Math.max(Date.now(), lastKey + 1);
  return lastKey;
}

function cancel(key: number): void {
  const timer = timers.get(key);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(key);
}

function schedule(key: number, ms: number, fn: () => void): void {
  cancel(key);
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      fn();
    }, ms),
  );
}

/** Hides the toast once its timeout passed (a persistent one waits for `hide` or `update`). */
function arm(toast: Toast): void {
  if (Number.isFinite(toast.timeout)) schedule(toast.key, toast.timeout, () => toastStore.hide(toast.key));
  else cancel(toast.key);
}

export const toastStore = {
  list: () => toasts,
  /** Shows a toast; an error toast is dropped while another offline or error toast is kept. Returns its key, or null. */
  show(input: ToastInput): number | null {
    const type = input.type ?? "default";
    const variant = input.variant ?? "app";
    const slot = input.slot ?? (type === "error" ? "error" : null);
    if (slot === "offline" && toasts.some((x) => x.slot === "offline" && x.shown)) return null;
    // Going offline explains any error toast, so it takes that toast's place.
    if (slot === "offline") toastStore.hideSlot("error");
    else if (slot && toasts.some((x) => x.slot !== null && x.shown)) return null;
    const toast: Toast = {
      key: nextKey(),
      title: input.title ?? null,
      content: input.content,
      timeout: input.timeout ?? TOAST_TIMEOUTS[variant][type],
      type,
      variant,
      shown: true,
      slot,
    };
    let next = [...toasts, toast];
    // Over the limit the oldest go first, and their timers with them.
    while (next.length > TOASTS_MAX) {
      const [dropped] = next;
      next = next.slice(1);
      if (dropped) cancel(dropped.key);
    }
    emit(next);
    arm(toast);
    return toast.key;
  },
  /** The persistent loading toast (spec 9); `update` turns it into its result, `hide` closes it. */
  loading(content: string, opts: { title?: string | null; variant?: ToastVariant } = {}): number {
    const key = toastStore.show({ ...opts, content, type: "loading" });
    if (key === null) throw new Error("a loading toast is never refused");
    return key;
  },
  /** Changes a shown toast (a loading toast's outcome): its type's timeout starts now. False when it is gone. */
  update(key: number, change: { content?: string; title?: string | null; type?: ToastType; timeout?: number }): boolean {
    const current = toasts.find((x) => x.key === key && x.shown);
    if (!current) return false;
    const type = change.type ?? current.type;
    const toast: Toast = {
      ...current,
      type,
      content: change.content ?? current.content,
      title: change.title === undefined ? current.title : change.title,
      timeout: change.timeout ?? TOAST_TIMEOUTS[current.variant][type],
    };
    emit(toasts.map((x) => (x.key === key ? toast : x)));
    arm(toast);
    return true;
  },
  /** Marks a toast hidden, then removes it after the hide animation. */
  hide(key: number): void {
    if (!toasts.some((x) => x.key === key && x.shown)) return;
    emit(toasts.map((x) => (x.key === key ? { ...x, shown: false } : x)));
    schedule(key, TOAST_REMOVE_DELAY_MS, () => emit(toasts.filter((x) => x.key !== key)));
  },
  hideSlot(slot: ToastSlot): void {
    for (const x of toasts) if (x.slot === slot) toastStore.hide(x.key);
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Timers still pending (tests: none may outlive its toast). */
  pendingTimers: () => timers.size,
  /** Drops every toast and timer (tests). */
  reset(): void {
    for (const key of [...timers.keys()]) cancel(key);
    emit([]);
  },
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.list);
}

/**
 * Shows "Oops!" (an error toast of the app-wide variant, so it shares the one offline or error
 * slot) on APP_ERROR_EVENT, an uncaught error and a promise rejection nobody handled. Returns the
 * uninstall.
 */
export function showOopsOnAppErrors(target: EventTarget, text: () => { title: string; content: string }): () => void {
  const onError = () => toastStore.show({ type: "error", variant: "app", ...text() });
  const events = [APP_ERROR_EVENT, "error", "unhandledrejection"];
  for (const e of events) target.addEventListener(e, onError);
  return () => {
    for (const e of events) target.removeEventListener(e, onError);
  };
}
