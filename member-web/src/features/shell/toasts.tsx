import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { api, SERVER_UNAVAILABLE_EVENT } from "../../api/client.ts";
import { OFFLINE_TIMEOUT_MS, showOopsOnAppErrors, type Toast, toastStore, useToasts } from "../../lib/toasts.ts";

const OFFLINE_RECHECK_MS = 3_000;

/**
 * Whether the app's server answers at all (any HTTP status): a small public read through the
 * generated client, given up after 5 s. A network failure or the time limit means no.
 */
async function serverAnswers(): Promise<boolean> {
  try {
    await api.GET("/api/constants/contacts/types", { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Toasts (spec 4.9, 8, 9): an "Offline" toast while the browser is offline and the app's server
 * cannot be reached (decision 0210), "server is
 * unavailable" after a failed call, "Oops!" on a generic error event (APP_ERROR_EVENT, an
 * uncaught error or unhandled rejection), and the toasts features show (toastStore.show). Only one
 * offline or error toast is kept at a time. The app-wide variant shows at the bottom, the
 * top-right variant in the top right corner.
 */
export function Toasts() {
  const { t } = useTranslation(["common", "toasts"]);
  const toasts = useToasts();

  useEffect(() => {
    // While the browser says it is offline, the app's own server is asked every few seconds: the
    // toast shows while it cannot be reached and goes once it answers. A server on this machine or
    // this network still answers a browser without a network link, and then the app works on.
    // Shown once each time the server stops answering: a member who closed it is not shown it again
    // every few seconds.
    let watching: ReturnType<typeof setInterval> | undefined;
    let unreachable = false;
    const check = () => {
      void serverAnswers().then((answers) => {
        if (navigator.onLine || watching === undefined) return;
        if (answers) {
          unreachable = false;
          toastStore.hideSlot("offline");
        } else if (!unreachable) {
          unreachable = true;
          toastStore.show({ type: "error", slot: "offline", title: t("offlineTitle"), content: t("offlineText"), timeout: OFFLINE_TIMEOUT_MS });
        }
      });
    };
    const offline = () => {
      watching ??= setInterval(check, OFFLINE_RECHECK_MS);
      check();
    };
    const stopWatching = () => {
      clearInterval(watching);
      watching = undefined;
    };
    const onOnline = () => {
      stopWatching();
      unreachable = false;
      toastStore.hideSlot("offline");
    };
    if (!navigator.onLine) offline();
    const onUnavailable = () => toastStore.show({ type: "error", content: t("unavailable") });
    const stopOops = showOopsOnAppErrors(window, () => ({ title: t("toasts:oopsTitle"), content: t("toasts:oopsText") }));
    window.addEventListener("offline", offline);
    window.addEventListener("online", onOnline);
    window.addEventListener(SERVER_UNAVAILABLE_EVENT, onUnavailable);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", onOnline);
      window.removeEventListener(SERVER_UNAVAILABLE_EVENT, onUnavailable);
      stopOops();
      stopWatching();
    };
  }, [t]);

  if (toasts.length === 0) return null;
  const app = toasts.filter((x) => x.variant === "app");
  const topRight = toasts.filter((x) => x.variant === "top-right");
  return (
    <>
      {app.length > 0 ? <ToastList className="toasts toasts-app" toasts={app} closeLabel={t("close")} /> : null}
      {topRight.length > 0 ? <ToastList className="toasts toasts-top-right" toasts={topRight} closeLabel={t("close")} /> : null}
    </>
  );
}

function ToastList({ className, toasts, closeLabel }: { className: string; toasts: Toast[]; closeLabel: string }) {
  return (
    <div className={className} aria-live="assertive">
      {toasts.map((toast) => (
        <div
          key={toast.key}
          className={`toast toast-${toast.type}${toast.shown ? "" : " toast-hidden"}`}
          role={toast.type === "error" ? "alert" : "status"}
          aria-busy={toast.type === "loading" ? true : undefined}
          data-testid="toast"
        >
          <div>
            {toast.title ? <strong>{toast.title}</strong> : null}
            <p>{toast.content}</p>
          </div>
          <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => toastStore.hide(toast.key)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
