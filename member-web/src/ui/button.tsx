import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner.tsx";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "ghost" | "link";
  busy?: boolean;
  busyLabel?: string;
  block?: boolean;
};

export function Button({ variant = "primary", busy = false, busyLabel, block = false, className, children, disabled, type, ...rest }: ButtonProps) {
  const classes = ["btn", `btn-${variant}`, block ? "btn-block" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <button type={type ?? "button"} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner label={busyLabel ?? ""} size="sm" /> : null}
      <span>{children}</span>
    </button>
  );
}
