import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { fullName } from "../profile/model.ts";
import { MemberContacts, MemberHead, TagChips } from "../recommendations/member-summary.tsx";
import { answerRequest, formatDate, type IntroRequest, matchingChanged, matchingQueries } from "../recommendations/model.ts";
import { ListState, LoadMore } from "./list-state.tsx";

/** Requests tab: intros other members sent me, to accept or decline. */
export function RequestsTab() {
  const { t } = useTranslation("matching");
  const list = useInfiniteQuery(matchingQueries.requests());
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ListState query={list} empty={items.length === 0} emptyTitle={t("requests.empty")} emptyText={t("requests.emptyText")}>
      <ul className="match-list" aria-label={t("tabs.requests")}>
        {items.map((r) => (
          <RequestRow key={r.id} request={r} />
        ))}
      </ul>
      <LoadMore query={list} />
    </ListState>
  );
}

function RequestRow({ request }: { request: IntroRequest }) {
  const { t, i18n } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const answer = useMutation({
    mutationFn: (value: "ACCEPTED" | "DECLINED") => answerRequest(request.id, value),
    onSuccess: () => matchingChanged(queryClient),
  });
  const name = fullName(request.from);
  return (
    <li className="card match-row" data-testid="request" aria-label={t("requests.from", { name })}>
      <MemberHead card={request.from} size={64} level={3} />
      <TagChips tags={request.from.tags} max={5} />
      <blockquote className="quote">{request.message}</blockquote>
      <p className="muted small">
        {t("requests.receivedOn", { date: formatDate(request.createdAt, i18n.language) })}
        {request.viaModerator ? ` · ${t("requests.viaModerator")}` : null}
      </p>
      {request.status === "ACCEPTED" ? (
        <>
          <p className="badge badge-success" role="status">
            {t("requests.accepted")}
          </p>
          <MemberContacts card={request.from} />
        </>
      ) : request.status === "DECLINED" ? (
        <p className="badge">{t("requests.declined")}</p>
      ) : (
        <>
          {answer.isError ? <Alert kind="error">{errorText(answer.error)}</Alert> : null}
          <div className="match-actions">
            <Button busy={answer.isPending && answer.variables === "ACCEPTED"} disabled={answer.isPending} onClick={() => answer.mutate("ACCEPTED")}>
              {t("requests.accept")}
            </Button>
            <Button variant="secondary" busy={answer.isPending && answer.variables === "DECLINED"} disabled={answer.isPending} onClick={() => answer.mutate("DECLINED")}>
              {t("requests.decline")}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
