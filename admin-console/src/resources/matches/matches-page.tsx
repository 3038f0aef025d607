import { Alert, Button, Card, CardContent, Chip, Slider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Title, useAuthenticated, useLocale, useNotify, usePermissions, useTranslate } from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { PreviewPairs } from "./preview-pairs.tsx";
import { WeekPairs } from "./week-pairs.tsx";
import { useDecimal } from "../../lib/numbers.ts";

type NextPair = components["schemas"]["NextPairToScore"];
type Card_ = NonNullable<NextPair["pair"]>["participant"];

const name = (c: Card_) => `${c.firstName} ${c.lastName}`.trim();
const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Matches: this week's pairs (week-pairs.tsx), the coming week's matching preview (coverage, score spread, members left without a
 * pair, and the pairs it would make: preview-pairs.tsx), then the pairs to score one by one, each with its reasons and the relevance breakdown
 * (score assistance), and the admin's pair score (0..10).
 */
export function MatchesPage() {
  useAuthenticated();
  const translate = useTranslate();
  const decimal = useDecimal();
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  const [score, setScore] = useState(5);
  const { permissions } = usePermissions<string[]>();
  const isAdmin = (permissions ?? []).includes("CAN_VIEW_ADMIN_PANEL");

  const fail = (err: unknown) => notify(errorMessage(err, "tuesday.matches.failed"), { type: "error" });
  const preview = useQuery({ queryKey: ["matches", "preview-report"], queryFn: () => dataProvider.previewMatches(), enabled: isAdmin });
  // The next pair to score comes with its relevance breakdown (score assistance). Its reasons are
  // written in the console's language (decision 0233): a switch of language reads it again.
  const locale = useLocale();
  const nextQuery = useQuery({
    queryKey: ["matches", "next", locale],
    enabled: isAdmin,
    queryFn: async () => {
      const n = await dataProvider.getNextPairToScore();
      const help = n.pair ? await dataProvider.getScoreAssistance(n.pair.participant.id, n.pair.subject.id) : null;
      return { next: n, help };
    },
  });
  const report = preview.data;
  const next = nextQuery.data?.next;
  const help = nextQuery.data?.help;
  const saveScore = useMutation({
    mutationFn: (pair: NonNullable<NextPair["pair"]>) => dataProvider.scorePair(pair.participant.id, pair.subject.id, score),
    onSuccess: async () => {
      notify("tuesday.matches.saved", { type: "info" });
      setScore(5);
      await nextQuery.refetch();
    },
    onError: fail,
  });
  const save = () => {
    if (next?.pair) saveScore.mutate(next.pair);
  };

  const stats = report?.stats;
  if (!isAdmin) {
    if (permissions === undefined) return null;
    return (
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Title title={translate("tuesday.matches.title")} />
        <Alert severity="warning">{translate("tuesday.matches.adminsOnly")}</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate("tuesday.matches.title")} />
      <WeekPairs />
      <Card>
        <CardContent>
          <Typography variant="h6">{translate("tuesday.matches.preview", { week: report?.week ?? "…" })}</Typography>
          {stats ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", mt: 1 }} data-testid="matching-preview">
              <Chip label={translate("tuesday.matches.eligible", { n: stats.eligible, total: stats.members })} />
              <Chip label={translate("tuesday.matches.pairs", { n: stats.pairs })} />
              <Chip label={translate("tuesday.matches.coverage", { p: pct(stats.coverage) })} />
              {stats.scores ? <Chip label={translate("tuesday.matches.median", { s: decimal(stats.scores.median, 2) })} /> : null}
              <Chip label={translate("tuesday.matches.without", { n: stats.withoutMatch.length })} />
              {report?.alreadyRun ? <Chip color="success" label={translate("tuesday.matches.alreadyRun")} /> : null}
            </Stack>
          ) : null}
          {report ? <PreviewPairs alreadyRun={report.alreadyRun} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6">{translate("tuesday.matches.toScore", { n: next?.unscored ?? 0 })}</Typography>
          {preview.error || nextQuery.error ? <Alert severity="error">{errorMessage(preview.error ?? nextQuery.error, translate("tuesday.matches.failed"))}</Alert> : null}
          {next && !next.pair ? <Alert severity="success">{translate("tuesday.matches.allScored")}</Alert> : null}
          {next?.pair ? (
            <Stack spacing={1.5} sx={{ mt: 1 }} data-testid="pair-to-score">
              <Typography>
                <b>{name(next.pair.participant)}</b> ↔ <b>{name(next.pair.subject)}</b> · {translate("tuesday.matches.score")} {decimal(next.pair.score, 2)}
              </Typography>
              {next.pair.reasons.length ? (
                <ul style={{ margin: 0 }}>
                  {next.pair.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              ) : null}
              {help ? (
                <Table size="small" sx={{ maxWidth: 520 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate("tuesday.matches.term")}</TableCell>
                      <TableCell align="right">{translate("tuesday.matches.weight")}</TableCell>
                      <TableCell align="right">{translate("tuesday.matches.similarity")}</TableCell>
                      <TableCell align="right">{translate("tuesday.matches.contribution")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {help.terms.map((t) => (
                      <TableRow key={t.name}>
                        <TableCell>{translate(`tuesday.matches.termNames.${t.name}`, { _: t.name })}</TableCell>
                        <TableCell align="right">{decimal(t.weight, 2)}</TableCell>
                        <TableCell align="right">{decimal(t.similarity, 2)}</TableCell>
                        <TableCell align="right">{decimal(t.contribution, 3)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : null}
              <Typography variant="subtitle2">{translate("tuesday.matches.adminScore", { s: score })}</Typography>
              <Slider value={score} min={0} max={10} step={1} marks onChange={(_, v) => setScore(v as number)} sx={{ maxWidth: 400 }} aria-label={translate("tuesday.matches.adminScore", { s: score })} />
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={save} disabled={saveScore.isPending}>
                  {translate("tuesday.matches.save")}
                </Button>
              </Stack>
            </Stack>
          ) : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
