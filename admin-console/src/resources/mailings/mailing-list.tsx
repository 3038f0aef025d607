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
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@tuesday/api-client";
import { useEffect, useState } from "react";
import {
  Datagrid,
  DatagridBody,
  type DatagridBodyProps,
  DatagridRow,
  type DatagridRowProps,
  ExportButton,
  FunctionField,
  Confirm,
  List,
  Button as RaButton,
  TopToolbar,
  useLocale,
  useNotify,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { useAdminTopic } from "../../lib/live.ts";
import { useCommunity } from "../participants/use-community.ts";
import { readAgain, useRefresh } from "../../lib/refresh.ts";

type Mailing = components["schemas"]["Mailing"];
type NotifyBody = components["schemas"]["NotifyParticipants"];
type Lang = "en" | "ru";
type Status = "pending" | "confirmed" | "rejected";
type Role = "member" | "moderator" | "admin";

const STATUSES: Status[] = ["confirmed", "pending", "rejected"];
const ROLES: Role[] = ["member", "moderator", "admin"];
/** How often a mailing under way is read again. */
const POLL_MS = 1000;
const IDLE_POLL_MS = 1500;

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * Compose in each of the community's languages, choose the audience, preview (its size per
 * language and the rendered mail) and send: the verbs are the data provider's.
 */
function MailingCompose() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const { community, failed } = useCommunity();
  const [texts, setTexts] = useState<Record<string, { subject: string; body: string }>>({});
  const [statuses, setStatuses] = useState<Status[]>(["confirmed"]);
  const [roles, setRoles] = useState<Role[]>([]);
  const [langs, setLangs] = useState<Lang[]>([]);
  // Sending asks once more: a mailing cannot be taken back.
  const [confirming, setConfirming] = useState(false);
  const fail = (err: unknown) => notify(errorMessage(err, "tuesday.mailings.failed"), { type: "error" });
  const preview = useMutation({ mutationFn: (body: NotifyBody) => dataProvider.previewMailing(body), onError: fail });
  const send = useMutation({
    mutationFn: (body: NotifyBody) => dataProvider.sendMailing(body),
    onSuccess: (m) => {
      notify("tuesday.mailings.started", { type: "info", messageArgs: { total: m.total } });
      preview.reset();
      refresh();
    },
    onError: fail,
  });

  if (failed) return <Alert severity="error">{translate("tuesday.mailings.failed")}</Alert>;
  if (!community) return <LinearProgress />;
  const languages = [community.lang, ...community.langChoices.filter((l) => l !== community.lang)] as Lang[];
  const busy = preview.isPending || send.isPending;

  const body = (): NotifyBody => {
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
    return { content, audience } as NotifyBody;
  };

  const set = (l: string, field: "subject" | "body", value: string) => setTexts((t) => ({ ...t, [l]: { subject: "", body: "", ...t[l], [field]: value } }));
  const shown = preview.data;

  return (
    <Card sx={{ mt: 2 }}>
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
            <Button variant="outlined" onClick={() => preview.mutate(body())} disabled={busy || statuses.length === 0}>
              {translate("tuesday.mailings.preview")}
            </Button>
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={busy || !shown || shown.total === 0}>
              {translate("tuesday.mailings.send")}
            </Button>
          </Stack>
          <Confirm
            isOpen={confirming}
            title="tuesday.mailings.confirmTitle"
            content="tuesday.mailings.confirmText"
            contentTranslateOptions={{ total: shown?.total ?? 0 }}
            confirm="tuesday.mailings.confirmSend"
            onConfirm={() => {
              setConfirming(false);
              send.mutate(body());
            }}
            onClose={() => setConfirming(false)}
          />
          {shown ? (
            <Box data-testid="mailing-preview">
              <Alert severity={shown.total ? "info" : "warning"}>
                {translate("tuesday.mailings.reach", { total: shown.total })}{" "}
                {Object.entries(shown.byLang)
                  .map(([l, n]) => `${l.toUpperCase()}: ${n}`)
                  .join(", ")}
              </Alert>
              {Object.entries(shown.rendered).map(([l, r]) =>
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
  );
}

/** This week's recommended contacts, mailed to every member now. */
function RecommendationsButton() {
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  const send = useMutation({
    mutationFn: () => dataProvider.sendRecommendations(),
    onSuccess: (r) => notify("tuesday.mailings.recommendationsSent", { type: "info", messageArgs: { n: r.mailsQueued, week: r.week } }),
    onError: (err) => notify(errorMessage(err, "tuesday.mailings.failed"), { type: "error" }),
  });
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <RaButton label="tuesday.mailings.recommendations" onClick={() => setConfirming(true)} disabled={send.isPending} />
      <Confirm
        isOpen={confirming}
        title="tuesday.mailings.recommendationsConfirmTitle"
        content="tuesday.mailings.recommendationsConfirmText"
        confirm="tuesday.mailings.confirmSend"
        onConfirm={() => {
          setConfirming(false);
          send.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function ProgressField() {
  const m = useRecordContext<Mailing>();
  const translate = useTranslate();
  if (!m) return null;
  return (
    <Box sx={{ minWidth: 240 }}>
      <LinearProgress variant="determinate" value={m.percent} />
      <Typography variant="caption" data-testid="mailing-progress">
        {translate("tuesday.mailings.counts", { percent: m.percent, sent: m.sent, failed: m.failed, skipped: m.skipped, total: m.total })}
      </Typography>
    </Box>
  );
}

function EmptyMailings() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }} color="text.secondary">{translate("tuesday.mailings.empty")}</Typography>;
}

const MailingRow = (props: DatagridRowProps) => <DatagridRow {...props} data-testid="mailing-row" />;
const MailingBody = (props: DatagridBodyProps) => <DatagridBody {...props} row={<MailingRow />} />;

/**
 * Read again every second while a mailing of the page is under way. A mailing another admin starts
 * arrives on the admin topic (useAdminTopic); only while that is not live is the idle list read
 * again every IDLE_POLL_MS (decision 0160). react-query pauses intervals in background tabs.
 */
const pollWhile =
  (live: boolean) =>
  (query: { state: { data?: { data?: Mailing[] } } }): number | false =>
    (query.state.data?.data ?? []).some((m) => m.status !== "done") ? POLL_MS : live ? false : IDLE_POLL_MS;

/**
 * Mailings (spec 7, Community notify): the composer, then the mailings sent (newest first) with
 * their progress, read again while one is under way.
 */
export function MailingList() {
  const { community } = useCommunity();
  const translate = useTranslate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  // A mailing started or advanced (here or by another admin) is read again at once.
  const live = useAdminTopic(community?.id, (change) => {
    if (change.type === "mailing") void readAgain(queryClient, { queryKey: ["mailings"] });
  });
  // Once the topic is live (its subscription confirmed) the list is read again: a change between the
  // last read and the subscription was not sent to this screen, and idle polling stops now (decision 0211).
  useEffect(() => {
    if (live) void readAgain(queryClient, { queryKey: ["mailings"] });
  }, [live, queryClient]);
  return (
    <>
      <MailingCompose />
      <List
        title="tuesday.mailings.title"
        sort={{ field: "createdAt", order: "DESC" }}
        perPage={10}
        empty={false}
        queryOptions={{ refetchInterval: pollWhile(live) } as never}
        actions={
          <TopToolbar>
            <Typography variant="h6" sx={{ flexGrow: 1, alignSelf: "center" }}>
              {translate("tuesday.mailings.history")}
            </Typography>
            <RecommendationsButton />
            <ExportButton />
          </TopToolbar>
        }
      >
        <Datagrid body={<MailingBody />} rowClick={false} bulkActionButtons={false} empty={<EmptyMailings />}>
          <FunctionField source="createdAt" label="tuesday.mailings.when" render={(m: Mailing) => new Date(m.createdAt).toLocaleString(locale)} />
          <FunctionField
            label="tuesday.mailings.subjectCol"
            sortable={false}
            render={(m: Mailing) => mailingTitle(m.content[(community?.lang ?? "en") as Lang] ?? Object.values(m.content)[0])}
          />
          <FunctionField label="tuesday.mailings.progress" sortable={false} render={() => <ProgressField />} />
        </Datagrid>
      </List>
    </>
  );
}

/** An e-mail mailing's subject, or a Telegram mailing's text, for the list. */
function mailingTitle(content: { subject: string; body: string } | { text: string } | undefined): string {
  if (!content) return "";
  return "subject" in content ? content.subject : content.text;
}
