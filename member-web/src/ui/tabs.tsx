import type { ReactNode } from "react";
import { Alert } from "./alert.tsx";

/**
 * An accessible tab list (WAI-ARIA tabs): one tab focusable at a time, arrow keys move between
 * tabs and wrap. The panel is the caller's: <section role="tabpanel" id={`panel-${id}`}
 * aria-labelledby={`tab-${id}`}>.
 */
export function TabList<T extends string>({
  tabs,
  current,
  label,
  labelOf,
  onSelect,
}: {
  tabs: readonly T[];
  current: T;
  label: string;
  labelOf: (id: T) => ReactNode;
  onSelect: (id: T) => void;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((id, at) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={current === id}
          aria-controls={`panel-${id}`}
          tabIndex={current === id ? 0 : -1}
          className={`tab${current === id ? " active" : ""}`}
          onClick={() => onSelect(id)}
          onKeyDown={(e) => {
            const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
            if (!step) return;
            const next = tabs[(at + step + tabs.length) % tabs.length] ?? id;
            onSelect(next);
            document.getElementById(`tab-${next}`)?.focus();
          }}
        >
          {labelOf(id)}
        </button>
      ))}
    </div>
  );
}

/** A success notice that screen readers announce too. */
export function LiveNotice({ text }: { text: string | null | undefined }) {
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {text}
      </p>
      {text ? (
        <div className="notice-row">
          <Alert kind="success">{text}</Alert>
        </div>
      ) : null}
    </>
  );
}
