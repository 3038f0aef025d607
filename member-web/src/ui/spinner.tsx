export function Spinner({ label, size = "md" }: { label: string; size?: "sm" | "md" | "lg" }) {
  return (
    <span className={`spinner spinner-${size}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="lg" />
    </div>
  );
}
