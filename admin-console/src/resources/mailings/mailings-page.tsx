import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useCallback, useEffect, useState } from "react";
import { Title, useAuthenticated, useNotify, useLocale, useTranslate } from "react-admin";
import { api, ConsoleApiError, call } from "../../api.ts";
import { type Community, loadCommunity } from "../../login/community.ts";

type Mailing = components["schemas"]["Mailing"];
type Preview = components["schemas"]["MailingPreview"];
type Lang = "en" | "ru";
type Status = "pending" | "confirmed" | "rejected";
type Role = "member" | "moderator" | "admin";

const STATUSES: Status[] = ["confirmed", "pending", "rejected"];
const ROLES: Role[] = ["member", "moderator", "admin"];
/** How often a mailing under way is read again. */
const POLL_MS = 1000;

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * Mailings (spec 7, Community notify): compose in each of the community's languages, choose the
 * audience, preview (its size per language and the rendered mail), send, and watch the progress.
 */
export function MailingsPage() {
  useAuthenticated();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const [community, setCommunity] = useState<Community | null>(null);
  const [texts, setTexts] = useState<Record<string, { subject: string; body: string }>>({});
  const [statuses, setStatuses] = useState<Status[]>(["confirmed"]);
  const [roles, setRoles] = useState<Role[]>([]);
  const [langs, setLangs] = useState<Lang[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mailings, setMailings] = useState<Mailing[]>([]);
  const [busy, setBusy] = useState(false);

  const fail = useCallback((err: unknown) => notify(err instanceof ConsoleApiError ? err.message : "tuesday.mailings.failed", { type: "error" }), [notify]);

  const reload = useCallback(async (id: string) => {
    setMailings(await call(api.GET("/api/community/{id}/mailings", { params: { path: { id } } })));
  }, []);

  useEffect(() => {
    loadCommunity().then((c) => {
      setCommunity(c);
      if (c) reload(c.id).catch(fail);
    });
  }, [reload, fail]);

  // Poll while a mailing is under way.
  const running = mailings.some((m) => m.status !== "done");
  useEffect(() => {
    if (!community || !running) return;
    const t = setInterval(() => reload(community.id).catch(() => undefined), POLL_MS);
    return () => clearInterval(t);
  }, [community, running, reload]);

  if (!community) return null;
  const languages = [community.lang, ...community.langChoices.filter((l) => l !== community.lang)] as Lang[];

  const body = () => {
    const content = Object.fromEntries(
      Object.entries(texts)
        .filter(([, t]) => t.subject.trim() && t.body.trim())
        .map(([l, t]) => [l, { subject: t.subject.trim(), body: t.body.trim() }]),
    );
    const audience = {
      statuses,
      ...(roles.length ? { roles } : {}),
      ...(langs.length ? { langs } : {}),
    };
    return { content, audience };
  };

  const doPreview = async () => {
    setBusy(true);
    try {
      setPreview(await call(api.POST("/api/community/{id}/participants/notify/preview", { params: { path: { id: community.id } }, body: body() })));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    setBusy(true);
    try {
      const m = await call(api.POST("/api/community/{id}/participants/notify", { params: { path: { id: community.id } }, body: body() }));
      notify("tuesday.mailings.started", { type: "info", messageArgs: { total: m.total } });
      setPreview(null);
      await reload(community.id);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const sendRecommendations = async () => {
    setBusy(true);
    try {
      const r = await call(api.POST("/api/community/{id}/participants/notify/recommended-contacts", { params: { path: { id: community.id } } }));
      notify("tuesday.mailings.recommendationsSent", { type: "info", messageArgs: { n: r.mailsQueued, week: r.week } });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const set = (l: string, field: "subject" | "body", value: string) => setTexts((t) => ({ ...t, [l]: { subject: "", body: "", ...t[l], [field]: value } }));

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate("tuesday.mailings.title")} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6">{translate("tuesday.mailings.compose")}</Typography>
            {languages.map((l) => (
              <Stack key={l} spacing={1}>
                <Typography variant="subtitle2">
                  {l.toUpperCase()}
                  {l === community.lang ? ` · ${translate("tuesday.mailings.required")}` : ` · ${translate("tuesday.mailings.optional")}`}
                </Typography>
                <TextField label={translate("tuesday.mailings.subject", { lang: l })} value={texts[l]?.subject ?? ""} onChange={(e) => set(l, "subject", e.target.value)} />
                <TextField label={translate("tuesday.mailings.body", { lang: l })} value={texts[l]?.body ?? ""} onChange={(e) => set(l, "body", e.target.value)} multiline minRows={4} />
              </Stack>
            ))}
            <Typography variant="h6">{translate("tuesday.mailings.audience")}</Typography>
            <FormGroup row aria-label={translate("tuesday.mailings.statuses")}>
              {STATUSES.map((s) => (
                <FormControlLabel key={s} control={<Checkbox checked={statuses.includes(s)} onChange={() => setStatuses((v) => toggle(v, s))} />} label={translate(`tuesday.mailings.status.${s}`)} />
              ))}
            </FormGroup>
            <FormGroup row aria-label={translate("tuesday.mailings.roles")}>
              {ROLES.map((r) => (
                <FormControlLabel key={r} control={<Checkbox checked={roles.includes(r)} onChange={() => setRoles((v) => toggle(v, r))} />} label={translate(`tuesday.mailings.role.${r}`)} />
              ))}
            </FormGroup>
            <FormGroup row aria-label={translate("tuesday.mailings.langs")}>
              {languages.map((l) => (
                <FormControlLabel key={l} control={<Checkbox checked={langs.includes(l)} onChange={() => setLangs((v) => toggle(v, l))} />} label={translate("tuesday.mailings.langOnly", { lang: l.toUpperCase() })} />
              ))}
            </FormGroup>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={doPreview} disabled={busy || statuses.length === 0}>
                {translate("tuesday.mailings.preview")}
              </Button>
              <Button variant="contained" onClick={send} disabled={busy || !preview || preview.total === 0}>
                {translate("tuesday.mailings.send")}
              </Button>
            </Stack>
            {preview ? (
              <Box data-testid="mailing-preview">
                <Alert severity={preview.total ? "info" : "warning"}>
                  {translate("tuesday.mailings.reach", { total: preview.total })}{" "}
                  {Object.entries(preview.byLang)
                    .map(([l, n]) => `${l.toUpperCase()}: ${n}`)
                    .join(", ")}
                </Alert>
                {Object.entries(preview.rendered).map(([l, r]) =>
                  r ? (
                    <Box key={l} sx={{ mt: 1 }}>
                      <Typography variant="subtitle2">
                        {l.toUpperCase()} · {r.subject}
                      </Typography>
                      <iframe title={`preview-${l}`} srcDoc={r.html} sandbox="" style={{ width: "100%", height: 320, border: "1px solid #ddd" }} />
                    </Box>
                  ) : null,
                )}
              </Box>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 1 }}>
            <Typography variant="h6" sx={{ flexGrow: 1 }}>
              {translate("tuesday.mailings.history")}
            </Typography>
            <Button onClick={sendRecommendations} disabled={busy}>
              {translate("tuesday.mailings.recommendations")}
            </Button>
          </Stack>
          {mailings.length === 0 ? (
            <Typography color="text.secondary">{translate("tuesday.mailings.empty")}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate("tuesday.mailings.when")}</TableCell>
                  <TableCell>{translate("tuesday.mailings.subjectCol")}</TableCell>
                  <TableCell>{translate("tuesday.mailings.progress")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {mailings.map((m) => (
                  <TableRow key={m.id} data-testid="mailing-row">
                    <TableCell>{new Date(m.createdAt).toLocaleString(locale)}</TableCell>
                    <TableCell>{mailingTitle(m.content[community.lang as Lang] ?? Object.values(m.content)[0])}</TableCell>
                    <TableCell sx={{ minWidth: 240 }}>
                      <LinearProgress variant="determinate" value={m.percent} />
                      <Typography variant="caption" data-testid="mailing-progress">
                        {translate("tuesday.mailings.counts", { percent: m.percent, sent: m.sent, failed: m.failed, skipped: m.skipped, total: m.total })}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** An e-mail mailing's subject, or a Telegram mailing's text, for the list. */
function mailingTitle(content: { subject: string; body: string } | { text: string } | undefined): string {
  if (!content) return "";
  return "subject" in content ? content.subject : content.text;
}
