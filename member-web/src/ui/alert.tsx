import type { ReactNode } from "react";

/** Form-level messages: errors are announced at once, notices politely. Text only, never HTML. */
export function Alert({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
