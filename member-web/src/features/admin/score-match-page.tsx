import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { formatDecimal } from "../../lib/numbers.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { AdminGate } from "./admin-gate.tsx";
import { adminChanged, adminQueries, setPairScore } from "./model.ts";

const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/**
 * /score-match (spec 2.1, 6 "setting pair scores"): the next unscored pair of the week's candidate
 * graph with its reasons and the relevance taken apart (score assistance); the admin gives it a
 * score from 0 to 10, and the next pair follows.
 */
export function ScoreMatchPage() {
  const { t, i18n } = useTranslation("adminPages");
  const community = useCommunity();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const scoreId = useId();
  const isAdmin = useQuery(accountQueries.currentUser()).data?.role === "ROLE_ADMIN";
  const next = useQuery({ ...adminQueries.nextPair(community.id), enabled: isAdmin });
  const pair = next.data?.pair ?? null;
  const help = useQuery({ ...adminQueries.assistance(pair?.participant.id ?? "", pair?.subject.id ?? ""), enabled: pair !== null });
  const [score, setScore] = useState(5);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      if (!pair) throw new Error("no pair");
      return setPairScore(pair.participant.id, pair.subject.id, score);
    },
    onSuccess: () => {
      if (pair) setSaved(t("scoreMatch.saved", { a: fullName(pair.participant), b: fullName(pair.subject), score }));
      setScore(5);
      return adminChanged(queryClient);
    },
  });
  return (
    <AdminGate title={t("scoreMatch.title")}>
      <main className="page page-narrow" id="content">
        <h1>{t("scoreMatch.title")}</h1>
        <p className="muted">{t("scoreMatch.intro")}</p>
        {saved ? <Alert kind="success">{saved}</Alert> : null}
        {next.error ? <Alert kind="error">{errorText(next.error)}</Alert> : null}
        {save.error ? <Alert kind="error">{errorText(save.error)}</Alert> : null}
        {next.isPending ? <Spinner label={t("loading")} /> : null}
        {next.data ? <p data-testid="unscored">{t("scoreMatch.unscored", { count: next.data.unscored })}</p> : null}
        {next.data && !pair ? (
          <div className="empty-state" data-testid="all-scored">
            <p className="muted">{t("scoreMatch.allScored")}</p>
          </div>
        ) : null}
        {pair ? (
          <section className="card score-pair" data-testid="pair-to-score">
            <h2>
              {fullName(pair.participant)} ↔ {fullName(pair.subject)}
            </h2>
            <p className="muted">{t("scoreMatch.relevance", { score: formatDecimal(pair.score, 2, i18n.language) })}</p>
            {pair.reasons.length > 0 ? (
              <ul>
                {pair.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : null}
            {help.data ? (
              <table className="score-terms">
                <caption className="muted small">{t("scoreMatch.breakdown")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("scoreMatch.term")}</th>
                    <th scope="col">{t("scoreMatch.weight")}</th>
                    <th scope="col">{t("scoreMatch.similarity")}</th>
                    <th scope="col">{t("scoreMatch.contribution")}</th>
                  </tr>
                </thead>
                <tbody>
                  {help.data.terms.map((term) => (
                    <tr key={term.name}>
                      <th scope="row">{t(`scoreMatch.terms.${term.name}`)}</th>
                      <td>{formatDecimal(term.weight, 2, i18n.language)}</td>
                      <td>{formatDecimal(term.similarity, 2, i18n.language)}</td>
                      <td>{formatDecimal(term.contribution, 3, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <div className="field">
              <label htmlFor={scoreId}>{t("scoreMatch.score", { score })}</label>
              <input id={scoreId} type="range" min={0} max={10} step={1} value={score} onChange={(e) => setScore(Number(e.target.value))} />
            </div>
            <Button busy={save.isPending} onClick={() => save.mutate()}>
              {t("scoreMatch.save")}
            </Button>
          </section>
        ) : null}
      </main>
    </AdminGate>
  );
}
