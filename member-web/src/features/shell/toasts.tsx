import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { SERVER_UNAVAILABLE_EVENT } from "../../api/client.ts";
import { OFFLINE_TIMEOUT_MS, showOopsOnAppErrors, type Toast, toastStore, useToasts } from "../../lib/toasts.ts";

/**
 * Toasts (spec 4.9, 8, 9): an "Offline" toast while the browser is offline, "server is
 * unavailable" after a failed call, "Oops!" on a generic error event (APP_ERROR_EVENT, an
 * uncaught error or unhandled rejection), and the toasts features show (toastStore.show). Only one
 * offline or error toast is kept at a time. The app-wide variant shows at the bottom, the
 * top-right variant in the top right corner.
 */
export function Toasts() {
  const { t } = useTranslation(["common", "toasts"]);
  const toasts = useToasts();

  useEffect(() => {
    const offline = () => toastStore.show({ type: "error", slot: "offline", title: t("offlineTitle"), content: t("offlineText"), timeout: OFFLINE_TIMEOUT_MS });
    if (!navigator.onLine) offline();
    const onOnline = () => toastStore.hideSlot("offline");
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
