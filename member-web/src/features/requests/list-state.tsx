import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The states every matching list shares: skeletons, an error with retry, an empty state, the list. */
export function ListState({
  query,
  empty,
  emptyTitle,
  emptyText,
  emptyAction,
  children,
}: {
  query: ListQuery;
  empty: boolean;
  emptyTitle: string;
  emptyText: string;
  emptyAction?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  if (query.isPending) {
    return (
      <div className="match-list" aria-busy="true">
        {[0, 1].map((i) => (
          <div key={i} className="card">
            <Skeleton lines={3} avatar label={t("loading")} />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div>
        <Alert kind="error">{errorText(query.error)}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <section className="empty-state" data-testid="empty-state">
        <div className="empty-illustration" aria-hidden="true">
          ☕
        </div>
        <h2>{emptyTitle}</h2>
        <p className="muted">{emptyText}</p>
        {emptyAction}
      </section>
    );
  }
  return <>{children}</>;
}

export function LoadMore({ query }: { query: PagedQuery }) {
  const { t } = useTranslation("matching");
  if (!query.hasNextPage) return null;
  return (
    <div className="center">
      <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {t("actions.more")}
      </Button>
    </div>
  );
}
