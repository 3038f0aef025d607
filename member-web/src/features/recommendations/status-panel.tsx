import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { formatDay, type MatchingStatus, matchingQueries, pauseMatching, resumeMatching, setMatchingStatus, skipMatching } from "./model.ts";

const PAUSE_WEEKS = [1, 2, 4] as const;

/** The member's weekly matching: when the next contact comes, and pause / skip / resume (issue 4, item 7). */
export function StatusPanel() {
  const { t, i18n } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const selectId = useId();
  const status = useQuery(matchingQueries.status());
  const [weeks, setWeeks] = useState<number>(1);
  const [done, setDone] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: async (action: "pause" | "skip" | "resume"): Promise<{ action: typeof action; status: MatchingStatus }> => {
      if (action === "pause") return { action, status: await pauseMatching(weeks) };
      if (action === "skip") return { action, status: await skipMatching() };
      return { action, status: await resumeMatching() };
    },
    onSuccess: async ({ action, status: next }) => {
      await setMatchingStatus(queryClient, next);
      const day = formatDay(next.skippedWeek ?? next.comingWeek, i18n.language);
      setDone(action === "pause" ? t("status.pausedDone") : action === "skip" ? t("status.skippedDone", { date: day }) : t("status.resumedDone"));
    },
  });

  if (status.isPending) {
    return (
      // The loaded panel's boxes (title, date line, pause row, skip button): on phones the panel
      // is above the list, which must not move when the status arrives (issue 17, layout shift).
      <aside className="card status-panel" aria-busy="true">
        <h2>{t("status.title")}</h2>
        <p className="placeholder-text" role="status">
          <span className="visually-hidden">{t("loading", { ns: "common" })}</span>
        </p>
        <div className="status-actions" aria-hidden="true">
          <div className="placeholder-control" />
          <div className="placeholder-control" />
        </div>
      </aside>
    );
  }
  // Staff without a participant, or a failed load: the panel is an extra, the page works without it.
  if (status.isError) return null;
  const s = status.data;
  const paused = s.pausedUntil !== null || s.skippedWeek !== null;

  return (
    <aside className="card status-panel" aria-labelledby={`${selectId}-title`} data-testid="matching-status">
      <h2 id={`${selectId}-title`}>{t("status.title")}</h2>
      <p data-testid="next-match">{t("status.next", { date: formatDay(s.nextMatchDate, i18n.language) })}</p>
      {s.pausedUntil ? <p className="muted small">{t("status.pausedUntil", { date: formatDay(s.pausedUntil, i18n.language) })}</p> : null}
      {s.skippedWeek && !s.pausedUntil ? <p className="muted small">{t("status.skipped", { date: formatDay(s.skippedWeek, i18n.language) })}</p> : null}
      {change.isError ? <Alert kind="error">{errorText(change.error)}</Alert> : null}
      {done && !change.isError ? <Alert kind="success">{done}</Alert> : null}
      <div className="status-actions">
        <div className="pause-row">
          <label htmlFor={selectId} className="visually-hidden">
            {t("status.pauseFor")}
          </label>
          <select id={selectId} className="select" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
            {PAUSE_WEEKS.map((n) => (
              <option key={n} value={n}>
                {t("status.weeks", { count: n })}
              </option>
            ))}
          </select>
          <Button variant="secondary" busy={change.isPending && change.variables === "pause"} disabled={change.isPending} onClick={() => change.mutate("pause")}>
            {t("status.pause")}
          </Button>
        </div>
        {!s.isPausedThisWeek ? (
          <Button variant="ghost" busy={change.isPending && change.variables === "skip"} disabled={change.isPending} onClick={() => change.mutate("skip")}>
            {t("status.skip")}
          </Button>
        ) : null}
        {paused ? (
          <Button variant="ghost" busy={change.isPending && change.variables === "resume"} disabled={change.isPending} onClick={() => change.mutate("resume")}>
            {t("status.resume")}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}
