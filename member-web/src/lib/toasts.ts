import { useSyncExternalStore } from "react";

/** An in-app toast (spec 3): key (timestamp), title, content, timeout, type, shown flag. */
export type ToastType = "success" | "default" | "error" | "warning";
export type Toast = {
  key: number;
  title: string | null;
  content: string;
  timeout: number;
  type: ToastType;
  shown: boolean;
  /** Offline and error toasts share one slot (spec 4.9). */
  slot: "offline" | "error" | null;
};

/** Spec 9, app-wide variants: 4000 ms default and error, 2000 ms success; at most 20 at once. */
export const TOAST_TIMEOUTS: Record<ToastType, number> = { default: 4_000, error: 4_000, success: 2_000, warning: 4_000 };
export const TOASTS_MAX = 20;
/** Spec 4.9: a hidden toast is removed about 1 second later (the hide animation). */
export const TOAST_REMOVE_DELAY_MS = 1_000;
/** Spec 8: the "Offline" toast lasts 500000 ms, or until the browser is back online. */
export const OFFLINE_TIMEOUT_MS = 500_000;

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

function schedule(key: number, ms: number, fn: () => void): void {
  const old = timers.get(key);
  if (old) clearTimeout(old);
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      fn();
    }, ms),
  );
}

export const toastStore = {
  list: () => toasts,
  /** Shows a toast; an error toast is dropped while another offline or error toast is kept. Returns its key, or null. */
  show(input: { content: string; title?: string | null; type?: ToastType; timeout?: number; slot?: "offline" | "error" | null }): number | null {
    const type = input.type ?? "default";
    const slot = input.slot ?? (type === "error" ? "error" : null);
    if (slot === "offline" && toasts.some((x) => x.slot === "offline" && x.shown)) return null;
    // Going offline explains any error toast, so it takes that toast's place.
    if (slot === "offline") toastStore.hideSlot("error");
    else if (slot && toasts.some((x) => x.slot !== null && x.shown)) return null;
    const toast: Toast = { key: nextKey(), title: input.title ?? null, content: input.content, timeout: input.timeout ?? TOAST_TIMEOUTS[type], type, shown: true, slot };
    let next = [...toasts, toast];
    // Over the limit the oldest go first.
    while (next.length > TOASTS_MAX) {
      const dropped = next[0];
      next = next.slice(1);
      if (dropped) timers.delete(dropped.key);
    }
    emit(next);
    if (Number.isFinite(toast.timeout)) schedule(toast.key, toast.timeout, () => toastStore.hide(toast.key));
    return toast.key;
  },
  /** Marks a toast hidden, then removes it after the hide animation. */
  hide(key: number): void {
    if (!toasts.some((x) => x.key === key && x.shown)) return;
    emit(toasts.map((x) => (x.key === key ? { ...x, shown: false } : x)));
    schedule(key, TOAST_REMOVE_DELAY_MS, () => emit(toasts.filter((x) => x.key !== key)));
  },
  hideSlot(slot: "offline" | "error"): void {
    for (const x of toasts) if (x.slot === slot) toastStore.hide(x.key);
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.list);
}

/** Fired by code that caught an error it cannot explain: the app shows "Oops!" (spec 8). */
export const APP_ERROR_EVENT = "tuesday:error";
