import { Alert, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useState } from "react";
import { useGetList, useTranslate } from "react-admin";
import { useDecimal } from "../../lib/numbers.ts";

type PreviewPair = components["schemas"]["ConsolePreviewPair"];

const name = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();
const PER_PAGE = 20;

/**
 * The pairs the coming week's matching would make (GET /console/matches/preview through the
 * simple-REST data provider), best first, paged, each with its score and reasons.
 */
export function PreviewPairs({ alreadyRun }: { alreadyRun: boolean }) {
  const translate = useTranslate();
  const decimal = useDecimal();
  const [page, setPage] = useState(1);
  const { data, total, isPending, error } = useGetList<PreviewPair>("matches-preview", { pagination: { page, perPage: PER_PAGE }, sort: { field: "score", order: "DESC" } }, { enabled: !alreadyRun });
  if (alreadyRun) return null;
  const pages = Math.max(1, Math.ceil((total ?? 0) / PER_PAGE));
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{translate("tuesday.matches.previewPairs", { n: total ?? 0 })}</Typography>
      {error ? <Alert severity="error">{translate("tuesday.matches.failed")}</Alert> : null}
      {!isPending && !error && (data?.length ?? 0) === 0 ? <Alert severity="info">{translate("tuesday.matches.noPreviewPairs")}</Alert> : null}
      {data && data.length > 0 ? (
        <Table size="small" data-testid="preview-pairs">
          <TableHead>
            <TableRow>
              <TableCell>{translate("tuesday.matches.pair")}</TableCell>
              <TableCell align="right">{translate("tuesday.matches.score")}</TableCell>
              <TableCell>{translate("tuesday.matches.reasons")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((p) => (
              <TableRow key={p.id} data-testid="preview-pair">
                <TableCell>
                  {name(p.participant)} ↔ {name(p.subject)}
                  {p.source === "ODD_OUT" ? <Chip size="small" sx={{ ml: 1 }} label={translate("tuesday.matches.oddOut")} /> : null}
                </TableCell>
                <TableCell align="right">{decimal(p.score, 2)}</TableCell>
                <TableCell>{p.reasons.join("; ")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {pages > 1 ? (
        <Stack direction="row" spacing={1}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={translate("tuesday.matches.previousPage")}>
            ‹
          </Button>
          <Typography variant="body2" sx={{ alignSelf: "center" }}>
            {page} / {pages}
          </Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label={translate("tuesday.matches.nextPage")}>
            ›
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
