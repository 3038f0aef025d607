import { Box, Button, Card, CardContent, Chip, List as MuiList, ListItem, ListItemText, Stack, TextField, Typography } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import type { components } from "@tuesday/api-client";
import { type FormEvent, useState } from "react";
import { Show, useNotify, useRecordContext, useLocale, useTranslate } from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { ModerationButtons } from "../participants/participant-actions.tsx";
import { StatusChip } from "../participants/participant-list.tsx";
import { useRefresh } from "../../lib/refresh.ts";

type MemberCrm = components["schemas"]["MemberCrm"];
type TimelineEvent = MemberCrm["timeline"][number];

function describe(e: TimelineEvent, translate: (key: string, options?: object) => string): string {
  const d = (e.data ?? {}) as Record<string, unknown>;
  switch (e.kind) {
    case "moderation":
      return `${translate(`tuesday.participants.statuses.${e.text}`)}${d.reason ? `: ${String(d.reason)}` : ""}`;
    case "joined":
      // The kind says it all ("Joined"); the API's text is its English.
      return "";
    case "intro":
      return `${translate(d.outgoing ? "tuesday.members.outgoing" : "tuesday.members.incoming")} ${e.text} (${translate(`tuesday.members.introStatuses.${String(d.status)}`)})`;
    case "meeting": {
      // The API's text is English ("Met ..."): the console writes its own from the other member's name.
      const name = typeof d.subjectName === "string" ? d.subjectName : e.text;
      if (d.noMeeting) return translate("tuesday.members.noMeetingWith", { name });
      return `${translate("tuesday.members.met", { name })}${d.score ? ` · ${translate("tuesday.members.rating", { score: d.score })}` : ""}`;
    }
    case "event":
      return `${e.text} · ${translate(`tuesday.members.eventStatuses.${String(d.status)}`)}${d.status === "PENDING" && d.pendingReason ? ` (${translate(`tuesday.members.pendingReasons.${String(d.pendingReason)}`)})` : ""}`;
    case "match":
      return `${e.text} · ${Math.round(Number(d.score ?? 0) * 100)}%`;
    default:
      return e.text;
  }
}

function NoteForm({ id }: { id: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: (note: string) => dataProvider.addMemberNote(id, note),
    onSuccess: () => {
      setText("");
      notify("tuesday.members.noteAdded", { type: "success" });
      refresh();
    },
    onError: (err) => notify(errorMessage(err, "ra.notification.http_error"), { type: "error" }),
  });
  const save = (ev: FormEvent) => {
    ev.preventDefault();
    add.mutate(text);
  };
  return (
    <form onSubmit={save}>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          fullWidth
          label={translate("tuesday.members.addNote")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="contained" disabled={!text.trim() || add.isPending}>
          {translate("tuesday.members.save")}
        </Button>
      </Stack>
    </form>
  );
}

function MemberCrmView() {
  const record = useRecordContext<MemberCrm>();
  const translate = useTranslate();
  const locale = useLocale();
  if (!record) return null;
  // The list's row stands in for the record until the CRM answer arrives: no timeline yet.
  const timeline = record.timeline ?? [];
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Typography variant="h5" component="h1">
          {`${record.firstName} ${record.lastName}`.trim() || record.email}
        </Typography>
        <StatusChip />
        <ModerationButtons />
      </Stack>
      <Typography color="text.secondary">
        {[record.email, record.company, record.position, record.city].filter(Boolean).join(" · ")}
      </Typography>
      <Box>{(record.tags ?? []).map((t) => <Chip key={t} label={t} size="small" sx={{ mr: 0.5 }} />)}</Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6">{translate("tuesday.members.notes")}</Typography>
          <NoteForm id={record.id} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6">{translate("tuesday.members.timeline")}</Typography>
          {timeline.length === 0 ? <Typography>{translate("tuesday.members.empty")}</Typography> : null}
          <MuiList dense data-testid="crm-timeline">
            {timeline.map((e) => (
              <ListItem key={`${e.at}-${e.kind}-${e.text}`} divider>
                <ListItemText primary={[translate(`tuesday.members.kinds.${e.kind}`), describe(e, translate)].filter(Boolean).join(": ")} secondary={new Date(e.at).toLocaleString(locale)} />
              </ListItem>
            ))}
          </MuiList>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** A member's CRM page: profile, moderation, the timeline (joined, answers, matches, intros, meetings and feedback, events, notes). */
export function MemberShow() {
  return (
    <Show title="tuesday.members.title">
      <MemberCrmView />
    </Show>
  );
}
