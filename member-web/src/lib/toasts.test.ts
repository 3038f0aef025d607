/**
 * The toast store (spec 4.9, 8, 9) as plain TypeScript under fake timers: the timings of both
 * variants, the persistent loading toast, the limit of 20, the one offline or error slot and "Oops!".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_ERROR_EVENT, reportAppError } from "./app-errors.ts";
import { OFFLINE_TIMEOUT_MS, showOopsOnAppErrors, TOAST_REMOVE_DELAY_MS, TOASTS_MAX, type ToastInput, toastStore } from "./toasts.ts";

beforeEach(() => {
  vi.useFakeTimers();
  toastStore.reset();
});
afterEach(() => {
  toastStore.reset();
  vi.useRealTimers();
});

const find = (key: number | null) => toastStore.list().find((x) => x.key === key);

/** The toast is shown for exactly `ms`, then hidden, then gone 1000 ms later. */
function expectLifetime(input: ToastInput, ms: number) {
  const key = toastStore.show(input);
  expect(key).not.toBeNull();
  vi.advanceTimersByTime(ms - 1);
  expect(find(key)?.shown).toBe(true);
  vi.advanceTimersByTime(1);
  expect(find(key)?.shown).toBe(false);
  vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
  expect(find(key)).toBeDefined();
  vi.advanceTimersByTime(1);
  expect(find(key)).toBeUndefined();
  expect(toastStore.pendingTimers()).toBe(0);
}

describe("timings (spec 9)", () => {
  it("app-wide: 4000 ms default and error, 2000 ms success", () => {
    expectLifetime({ content: "d" }, 4_000);
    expectLifetime({ content: "d", type: "default" }, 4_000);
    expectLifetime({ content: "e", type: "error" }, 4_000);
    expectLifetime({ content: "s", type: "success" }, 2_000);
    expectLifetime({ content: "w", type: "warning" }, 4_000);
  });

  it("top-right: 3000 ms default (also without a type) and success, 4000 ms error and warning", () => {
    expectLifetime({ content: "d", variant: "top-right" }, 3_000);
    expectLifetime({ content: "s", type: "success", variant: "top-right" }, 3_000);
    expectLifetime({ content: "e", type: "error", variant: "top-right" }, 4_000);
    expectLifetime({ content: "w", type: "warning", variant: "top-right" }, 4_000);
  });

  it("an explicit timeout wins (the Offline toast's 500000 ms)", () => {
    expectLifetime({ content: "offline", type: "error", slot: "offline", timeout: OFFLINE_TIMEOUT_MS }, OFFLINE_TIMEOUT_MS);
  });

  it("a loading toast stays until its outcome, whose timeout starts then; closing it by hand works too", () => {
    const key = toastStore.loading("Saving…");
    vi.advanceTimersByTime(3_600_000);
    expect(find(key)).toMatchObject({ type: "loading", shown: true });
    expect(toastStore.pendingTimers()).toBe(0);
    expect(toastStore.update(key, { type: "success", content: "Saved" })).toBe(true);
    expect(find(key)).toMatchObject({ type: "success", content: "Saved", shown: true });
    vi.advanceTimersByTime(1_999);
    expect(find(key)?.shown).toBe(true);
    vi.advanceTimersByTime(1);
    expect(find(key)?.shown).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(toastStore.update(key, { type: "success" })).toBe(false);

    const other = toastStore.loading("Loading", { variant: "top-right" });
    toastStore.hide(other);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(find(other)).toBeUndefined();
  });

  it("closed by hand before its timeout: hidden at once, removed after the animation, its timer gone", () => {
    const key = toastStore.show({ content: "x" });
    vi.advanceTimersByTime(500);
    toastStore.hide(key ?? 0);
    expect(find(key)?.shown).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(find(key)).toBeUndefined();
    expect(toastStore.pendingTimers()).toBe(0);
  });
});

describe("at most 20", () => {
  it("drops the oldest beyond 20 together with their timers", () => {
    const keys = Array.from({ length: TOASTS_MAX + 5 }, (_, i) => toastStore.show({ content: `t${i}`, variant: i % 2 ? "top-right" : "app" }));
    expect(toastStore.list()).toHaveLength(TOASTS_MAX);
    expect(toastStore.list().map((x) => x.key)).toEqual(keys.slice(5));
    // The five dropped toasts' timers were cleared, not only forgotten.
    expect(toastStore.pendingTimers()).toBe(TOASTS_MAX);
    expect(vi.getTimerCount()).toBe(TOASTS_MAX);
    vi.advanceTimersByTime(4_000 + TOAST_REMOVE_DELAY_MS);
    expect(toastStore.list()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("one offline or error toast at a time (spec 4.9)", () => {
  it("a second error is dropped while one shows; Offline takes the error's place; errors wait until Offline is gone", () => {
    const first = toastStore.show({ type: "error", content: "first" });
    expect(toastStore.show({ type: "error", content: "second" })).toBeNull();
    expect(toastStore.show({ type: "default", content: "not an error" })).not.toBeNull();

    const offline = toastStore.show({ type: "error", slot: "offline", title: "Offline", content: "The app is offline", timeout: OFFLINE_TIMEOUT_MS });
    expect(find(first)?.shown).toBe(false);
    expect(toastStore.show({ type: "error", slot: "offline", content: "again" })).toBeNull();
    expect(toastStore.show({ type: "error", content: "while offline" })).toBeNull();
    expect(toastStore.list().filter((x) => x.slot !== null && x.shown)).toHaveLength(1);

    toastStore.hideSlot("offline");
    expect(find(offline)?.shown).toBe(false);
    expect(toastStore.show({ type: "error", content: "back online" })).not.toBeNull();
  });
});

describe('"Oops!" (spec 8)', () => {
  it("shows on a reported app error, an uncaught error and an unhandled rejection, one at a time", () => {
    const target = new EventTarget();
    const stop = showOopsOnAppErrors(target, () => ({ title: "Oops!", content: "Something is broken. Try to reload the page." }));
    reportAppError(target);
    const oops = () => toastStore.list().filter((x) => x.title === "Oops!" && x.shown);
    expect(oops()).toHaveLength(1);
    expect(oops()[0]).toMatchObject({ type: "error", variant: "app", slot: "error", content: "Something is broken. Try to reload the page.", timeout: 4_000 });
    target.dispatchEvent(new Event("unhandledrejection"));
    expect(oops()).toHaveLength(1);

    vi.advanceTimersByTime(4_000 + TOAST_REMOVE_DELAY_MS);
    expect(oops()).toHaveLength(0);
    target.dispatchEvent(new Event("unhandledrejection"));
    expect(oops()).toHaveLength(1);
    vi.advanceTimersByTime(4_000 + TOAST_REMOVE_DELAY_MS);
    target.dispatchEvent(new Event("error"));
    expect(oops()).toHaveLength(1);
    vi.advanceTimersByTime(4_000 + TOAST_REMOVE_DELAY_MS);

    stop();
    target.dispatchEvent(new Event(APP_ERROR_EVENT));
    expect(oops()).toHaveLength(0);
  });
});
