import { Alert, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useState } from "react";
import { useGetList, useNotify, useTranslate } from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { useDecimal } from "../../lib/numbers.ts";

type Match = components["schemas"]["ConsoleMatch"];
type History = components["schemas"]["AdminMatchHistoryPage"];
type Assistance = components["schemas"]["ScoreAssistance"];

const name = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();
const PER_PAGE = 25;
const SCORES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * This week's pairs (GET /console/matches through the simple-REST data provider): each pair with
 * its relevance, reasons, the admins' score and what both members did; per pair the admin sets a
 * score, opens the relevance breakdown (score assistance) or a member's pair history.
 */
export function WeekPairs() {
  const translate = useTranslate();
  const decimal = useDecimal();
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  const [page, setPage] = useState(1);
  const { data, total, isPending, error, refetch } = useGetList<Match>("matches", { pagination: { page, perPage: PER_PAGE }, sort: { field: "score", order: "DESC" } });
  const [scores, setScores] = useState<Record<string, number>>({});
  const [open, setOpen] = useState<{ id: string; kind: "why" | "history"; help?: Assistance; history?: History } | null>(null);
  const fail = (err: unknown) => notify(errorMessage(err, "tuesday.matches.failed"), { type: "error" });

  const save = async (m: Match) => {
    const score = scores[m.id] ?? m.internalAdminScore ?? 5;
    try {
      await dataProvider.scorePair(m.participant.id, m.subject.id, score);
      notify("tuesday.matches.saved", { type: "info" });
      await refetch();
    } catch (err) {
      fail(err);
    }
  };
  const why = async (m: Match) => {
    try {
      const help = await dataProvider.getScoreAssistance(m.participant.id, m.subject.id);
      setOpen({ id: m.id, kind: "why", help });
    } catch (err) {
      fail(err);
    }
  };
  const history = async (m: Match) => {
    try {
      const h = await dataProvider.getPairHistory(m.participant.id);
      setOpen({ id: m.id, kind: "history", history: h });
    } catch (err) {
      fail(err);
    }
  };

  const week = data?.[0]?.week;
  const pages = Math.max(1, Math.ceil((total ?? 0) / PER_PAGE));
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">{week ? translate("tuesday.matches.weekPairs", { week, n: total ?? 0 }) : translate("tuesday.matches.weekPairsTitle")}</Typography>
        {error ? <Alert severity="error">{translate("tuesday.matches.failed")}</Alert> : null}
        {!isPending && !error && (data?.length ?? 0) === 0 ? <Alert severity="info">{translate("tuesday.matches.noWeekPairs")}</Alert> : null}
        {data && data.length > 0 ? (
          <Table size="small" data-testid="week-pairs">
            <TableHead>
              <TableRow>
                <TableCell>{translate("tuesday.matches.pair")}</TableCell>
                <TableCell align="right">{translate("tuesday.matches.score")}</TableCell>
                <TableCell>{translate("tuesday.matches.reasons")}</TableCell>
                <TableCell>{translate("tuesday.matches.status")}</TableCell>
                <TableCell>{translate("tuesday.matches.adminScoreShort")}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((m) => (
                <TableRow key={m.id} data-testid="week-pair">
                  <TableCell>
                    {name(m.participant)} ↔ {name(m.subject)}
                    {m.source === "ODD_OUT" ? <Chip size="small" sx={{ ml: 1 }} label={translate("tuesday.matches.oddOut")} /> : null}
                    {open?.id === m.id && open.kind === "why" && open.help ? (
                      <Typography variant="body2" color="text.secondary">
                        {open.help.terms.map((t) => `${t.name} ${decimal(t.contribution, 3)}`).join(" · ")}
                      </Typography>
                    ) : null}
                    {open?.id === m.id && open.kind === "history" && open.history ? (
                      <ul style={{ margin: 0 }}>
                        {open.history.items.map((h) => (
                          <li key={h.matchingResultId}>
                            {h.week ?? h.createdAt.slice(0, 10)} · {name(h.subject)} · {decimal(h.score, 2)} · {h.status}
                            {h.feedback.score ? ` · ★${h.feedback.score}` : ""}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </TableCell>
                  <TableCell align="right">{decimal(m.score, 2)}</TableCell>
                  <TableCell>{m.reasons.slice(0, 2).join("; ")}</TableCell>
                  <TableCell>
                    {m.participantSide?.status ?? "—"} / {m.subjectSide?.status ?? "—"}
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value={scores[m.id] ?? m.internalAdminScore ?? ""}
                      onChange={(e) => e.target.value !== "" && setScores({ ...scores, [m.id]: Number(e.target.value) })}
                      slotProps={{ select: { native: true }, htmlInput: { "aria-label": translate("tuesday.matches.adminScoreFor", { pair: `${name(m.participant)} ↔ ${name(m.subject)}` }) } }}
                      sx={{ minWidth: 72 }}
                    >
                      <option value="">–</option>
                      {SCORES.map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="contained" disabled={scores[m.id] === undefined} onClick={() => save(m)}>
                        {translate("tuesday.matches.saveShort")}
                      </Button>
                      <Button size="small" onClick={() => why(m)}>
                        {translate("tuesday.matches.why")}
                      </Button>
                      <Button size="small" onClick={() => history(m)}>
                        {translate("tuesday.matches.history")}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {pages > 1 ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              ‹
            </Button>
            <Typography variant="body2" sx={{ alignSelf: "center" }}>
              {page} / {pages}
            </Typography>
            <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              ›
            </Button>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
