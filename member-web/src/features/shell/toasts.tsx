import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { SERVER_UNAVAILABLE_EVENT } from "../../api/client.ts";
import { APP_ERROR_EVENT, OFFLINE_TIMEOUT_MS, toastStore, useToasts } from "../../lib/toasts.ts";

/**
 * App-wide toasts (spec 4.9, 8, 9): an "Offline" toast while the browser is offline, "server is
 * unavailable" after a failed call, "Oops!" on a generic error event, and the toasts features
 * show (toastStore.show). Only one offline or error toast is kept at a time.
 */
export function Toasts() {
  const { t } = useTranslation(["common", "toasts"]);
  const toasts = useToasts();

  useEffect(() => {
    const offline = () => toastStore.show({ type: "error", slot: "offline", title: t("offlineTitle"), content: t("offlineText"), timeout: OFFLINE_TIMEOUT_MS });
    if (!navigator.onLine) offline();
    const onOnline = () => toastStore.hideSlot("offline");
    const onUnavailable = () => toastStore.show({ type: "error", content: t("unavailable") });
    const onError = () => toastStore.show({ type: "error", title: t("toasts:oopsTitle"), content: t("toasts:oopsText") });
    window.addEventListener("offline", offline);
    window.addEventListener("online", onOnline);
    window.addEventListener(SERVER_UNAVAILABLE_EVENT, onUnavailable);
    window.addEventListener(APP_ERROR_EVENT, onError);
    window.addEventListener("error", onError);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", onOnline);
      window.removeEventListener(SERVER_UNAVAILABLE_EVENT, onUnavailable);
      window.removeEventListener(APP_ERROR_EVENT, onError);
      window.removeEventListener("error", onError);
    };
  }, [t]);

  if (toasts.length === 0) return null;
  return (
    <div className="toasts" aria-live="assertive">
      {toasts.map((toast) => (
        <div
          key={toast.key}
          className={`toast toast-${toast.type}${toast.shown ? "" : " toast-hidden"}`}
          role={toast.type === "error" ? "alert" : "status"}
          data-testid="toast"
        >
          <div>
            {toast.title ? <strong>{toast.title}</strong> : null}
            <p>{toast.content}</p>
          </div>
          <button type="button" className="toast-close" aria-label={t("close")} onClick={() => toastStore.hide(toast.key)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
