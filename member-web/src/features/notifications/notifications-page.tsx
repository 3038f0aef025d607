import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { ListState, LoadMore } from "../requests/list-state.tsx";
import { notificationHref } from "./href.ts";
import { dismiss, markSeen, type Notification, notificationQueries, notificationsChanged } from "./model.ts";
import "../chats/chats.css";

function NotificationRow({ n, onSeen, onDismiss, busy }: { n: Notification; onSeen: () => void; onDismiss: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation("notifications");
  const href = notificationHref(n);
  return (
    <li className="notification-row" data-seen={n.seen} data-testid="notification">
      <div className="chat-row-main">
        <p>
          <strong>{t(`type.${n.type}`)}</strong>
        </p>
        <time className="muted" dateTime={n.createdAt}>
          {new Date(n.createdAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })}
        </time>
      </div>
      <div className="notification-actions">
      {href ? (
        <a className="btn btn-link" href={href}>
          <span>{t("open")}</span>
        </a>
      ) : null}
      {n.seen ? null : (
        <Button variant="secondary" onClick={onSeen} disabled={busy}>
          {t("markSeen")}
        </Button>
      )}
      <Button variant="ghost" onClick={onDismiss} disabled={busy} aria-label={`${t("dismiss")}: ${t(`type.${n.type}`)}`}>
        {t("dismiss")}
      </Button>
      </div>
    </li>
  );
}

/** /notifications: the member's notifications, newest first; mark seen, dismiss; new ones arrive live. */
export function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(notificationQueries.list());
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unseen = query.data?.pages[0]?.unseenCount ?? 0;
  const seen = useMutation({ mutationFn: (ids?: string[]) => markSeen(ids), onSettled: () => notificationsChanged(queryClient) });
  const drop = useMutation({ mutationFn: (ids: string[]) => dismiss(ids), onSettled: () => notificationsChanged(queryClient) });
  const failure = seen.error ?? drop.error;
  return (
    <main className="page page-narrow" id="content">
      <div className="page-actions">
        <h1>{t("title")}</h1>
        {unseen > 0 ? (
          <>
            <span className="unread-badge" data-testid="unseen-count">
              {t("newCount", { count: unseen })}
            </span>
            <Button variant="secondary" busy={seen.isPending} onClick={() => seen.mutate(undefined)}>
              {t("markAllSeen")}
            </Button>
          </>
        ) : null}
      </div>
      {failure ? <Alert kind="error">{errorText(failure)}</Alert> : null}
      <ListState query={query} empty={items.length === 0} emptyTitle={t("emptyTitle")} emptyText={t("emptyText")}>
        <ul className="chat-list" aria-label={t("title")}>
          {items.map((n) => (
            <NotificationRow key={n.id} n={n} busy={seen.isPending || drop.isPending} onSeen={() => seen.mutate([n.id])} onDismiss={() => drop.mutate([n.id])} />
          ))}
        </ul>
        <LoadMore query={query} />
      </ListState>
    </main>
  );
}
