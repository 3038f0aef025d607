import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SERVER_UNAVAILABLE_EVENT } from "../../api/client.ts";

type Toast = { key: number; kind: "offline" | "unavailable"; timeout: number };

/**
 * App-wide notices (spec 4.9, 8): one "offline" toast while the browser is offline, and one
 * "server is unavailable" toast at a time after a failed call.
 */
export function Toasts() {
  const { t } = useTranslation("common");
  const [toasts, setToasts] = useState<Toast[]>(() => (navigator.onLine ? [] : [{ key: Date.now(), kind: "offline", timeout: 500_000 }]));

  useEffect(() => {
    const add = (kind: Toast["kind"], timeout: number) =>
      setToasts((list) => (list.some((x) => x.kind === kind) ? list : [...list, { key: Date.now(), kind, timeout }]));
    const onOffline = () => add("offline", 500_000);
    const onOnline = () => setToasts((list) => list.filter((x) => x.kind !== "offline"));
    const onUnavailable = () => add("unavailable", 4_000);
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    window.addEventListener(SERVER_UNAVAILABLE_EVENT, onUnavailable);
    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      window.removeEventListener(SERVER_UNAVAILABLE_EVENT, onUnavailable);
    };
  }, []);

  useEffect(() => {
    const timers = toasts.map((toast) => setTimeout(() => setToasts((list) => list.filter((x) => x.key !== toast.key)), toast.timeout));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [toasts]);

  if (toasts.length === 0) return null;
  return (
    <div className="toasts" aria-live="assertive">
      {toasts.map((toast) => (
        <div key={toast.key} className="toast toast-error" role="alert">
          <div>
            {toast.kind === "offline" ? <strong>{t("offlineTitle")}</strong> : null}
            <p>{toast.kind === "offline" ? t("offlineText") : t("unavailable")}</p>
          </div>
          <button type="button" className="toast-close" aria-label={t("close")} onClick={() => setToasts((list) => list.filter((x) => x.key !== toast.key))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
