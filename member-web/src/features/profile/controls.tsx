import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { useTranslation } from "react-i18next";

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value" | "id"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string | null | undefined;
  hint?: string | undefined;
};

/** A labelled textarea with a live character counter; the error and hint are tied to it. */
export function TextArea({ label, value, onChange, max, error, hint, required, ...rest }: TextAreaProps) {
  const { t } = useTranslation("member");
  const id = useId();
  const count = [...value].length;
  const describedBy = [`${id}-count`, error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      <div className="field-meta">
        {error ? (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : hint ? (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : (
          <span />
        )}
        <span className={`counter${count > max ? " counter-over" : ""}`} id={`${id}-count`} aria-live="polite">
          {t("fields.counter", { count, max })}
        </span>
      </div>
    </div>
  );
}

/** An on/off switch: a real checkbox with the switch look. */
export function Switch({ label, checked, onChange, hint, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="switch-row">
      <label className="switch" htmlFor={id}>
        <input id={id} type="checkbox" role="switch" aria-checked={checked} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
        <span className="switch-track" aria-hidden="true" />
        <span className="switch-label">{label}</span>
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A toggle chip (aria-pressed button). */
export function ChipToggle({ pressed, onToggle, children }: { pressed: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`chip chip-toggle${pressed ? " chip-on" : ""}`} aria-pressed={pressed} onClick={onToggle}>
      {pressed ? <span aria-hidden="true">✓ </span> : null}
      {children}
    </button>
  );
}

/**
 * A member's photo, or their initials on the brand colour. `decorative`: the name is written next
 * to it, so assistive technology skips the picture instead of reading the name twice.
 */
export function Avatar({ url, name, initials, size, decorative = false }: { url: string | null; name: string; initials: string; size: number; decorative?: boolean }) {
  if (url) return <img className="avatar" src={url} alt={decorative ? "" : name} width={size} height={size} loading="lazy" data-testid="avatar-photo" />;
  return (
    <span
      className="avatar avatar-initials"
      style={{ width: size, height: size, fontSize: size * 0.38 }}
      data-testid="avatar-initials"
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name })}
    >
      {initials}
    </span>
  );
}
