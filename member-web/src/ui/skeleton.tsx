/** Grey placeholder blocks shown while a page's data loads (spec 2.1 "loading placeholders"). */
export function Skeleton({ lines = 3, avatar = false, label }: { lines?: number; avatar?: boolean; label: string }) {
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {avatar && <div className="skeleton-avatar" />}
      <div className="skeleton-lines">
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
          <div key={i} className="skeleton-line" style={{ width: `${90 - i * 15}%` }} />
        ))}
      </div>
    </div>
  );
}
