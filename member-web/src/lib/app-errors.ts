/**
 * The generic error path (spec 8 "Oops!"): code that meets a failure nothing else explains reports
 * it here, and the toasts show "Oops!" (lib/toasts.ts showOopsOnAppErrors). Kept apart from the
 * toasts so the API client can report without loading them.
 */
export const APP_ERROR_EVENT = "tuesday:error";

/** Tells the app that something failed that nothing else explains. */
export function reportAppError(target: EventTarget = window): void {
  target.dispatchEvent(new Event(APP_ERROR_EVENT));
}
