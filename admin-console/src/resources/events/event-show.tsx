import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Confirm, Link, Show, useDelete, useGetList, useNotify, useRecordContext, useRedirect, useTranslate, useUpdate } from "react-admin";
import { ConsoleApiError } from "../../api.ts";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { EventMeetings } from "./event-meetings.tsx";

type EventItem = components["schemas"]["Event"];
type ReportItem = components["schemas"]["EventOnboardingReport"]["items"][number];

const message = (err: unknown) => (err instanceof ConsoleApiError || err instanceof Error ? err.message : String(err));

function EventTitle() {
  const event = useRecordContext<EventItem>();
  return <>{event?.title ?? ""}</>;
}

/** /events/:id/show: one event (getOne → GET /event/{id}) — its main fields to edit, its participants (approve, reject, confirm payment) and onboarding statistics. */
export function EventShow() {
  return (
    // The card may be narrower than its widest content (a phone): its rows wrap and its tabs scroll.
    <Show title={<EventTitle />} actions={false} component="div" sx={{ "& .RaShow-card": { minWidth: 0 } }}>
      <EventShowView />
    </Show>
  );
}

function EventShowView() {
  const event = useRecordContext<EventItem>();
  const translate = useTranslate();
  const [tab, setTab] = useState<"details" | "participants" | "statistics" | "meetings">("participants");
  if (!event) return <LinearProgress />;
  return (
    <Box sx={{ mt: 2 }} data-testid="console-event">
      {/* On a phone the row wraps: the title takes what is left of its line, the actions go under it. */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", mb: 1, flexWrap: "wrap", rowGap: 1 }}>
        <Link to="/events">{translate("tuesday.events.back")}</Link>
        <Typography variant="h5" sx={{ flex: "1 1 240px", minWidth: 0, overflowWrap: "anywhere" }}>
          {event.title}
        </Typography>
        <Button href={`/event/${event.slug || event.id}`} target="_blank" rel="noreferrer">
          {translate("tuesday.events.memberPage")}
        </Button>
        <DeleteEvent event={event} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {event.date} {event.time}
        {event.endTime ? `–${event.endTime}` : ""} ({event.timeZone}) · {translate(`tuesday.events.visibilities.${event.visibility}`)} ·{" "}
        {translate(`tuesday.events.types.${event.type}`)}
      </Typography>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mt: 1 }}>
        <Tab value="participants" label={translate("tuesday.events.participants")} />
        <Tab value="details" label={translate("tuesday.events.details")} />
        <Tab value="statistics" label={translate("tuesday.events.statistics")} />
        <Tab value="meetings" label={translate("tuesday.events.meetings.tab")} data-testid="console-event-meetings-tab" />
      </Tabs>
      <Box sx={{ mt: 2 }}>
        {tab === "details" ? (
          <EventDetails event={event} />
        ) : tab === "participants" ? (
          <EventParticipants event={event} />
        ) : tab === "meetings" ? (
          <EventMeetings event={event} />
        ) : (
          <EventStatistics eventId={event.id} />
        )}
      </Box>
    </Box>
  );
}

/**
 * Deleting the event, confirmed first: before it ends everyone going or waiting is told by e-mail and
 * in the app and it leaves their calendars (decision 0231); then the events list.
 */
function DeleteEvent({ event }: { event: EventItem }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete<EventItem>(undefined, undefined, { returnPromise: true });
  const what = event.hasEnded ? "deletePast" : "cancel";
  const confirm = async () => {
    setConfirming(false);
    try {
      await remove("events", { id: event.id, previousData: event }, { mutationMode: "pessimistic" });
      notify(`tuesday.events.${what}.done`, { type: "info", messageArgs: { title: event.title } });
      redirect("list", "events");
    } catch (err) {
      notify(errorMessage(err, "ra.notification.http_error"), { type: "error" });
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" disabled={isPending} onClick={() => setConfirming(true)} data-testid="console-delete-event">
        {translate(`tuesday.events.${what}.open`)}
      </Button>
      <Confirm
        isOpen={confirming}
        title={`tuesday.events.${what}.title`}
        content={`tuesday.events.${what}.text`}
        translateOptions={{ title: event.title }}
        contentTranslateOptions={{ title: event.title }}
        confirm={`tuesday.events.${what}.confirm`}
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function EventDetails({ event }: { event: EventItem }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate<EventItem>(undefined, undefined, { returnPromise: true });
  const [f, setF] = useState({
    title: event.title,
    description: event.description,
    date: event.date,
    time: event.time,
    endTime: event.endTime ?? "",
    timeZone: event.timeZone,
    organizerContact: event.organizerContact,
    maxParticipants: event.maxParticipants === null ? "" : String(event.maxParticipants),
    visibility: event.visibility,
    approvalRequired: event.approvalRequired,
    enableOnboarding: event.enableOnboarding,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const text = (k: "title" | "date" | "time" | "endTime" | "timeZone" | "organizerContact" | "maxParticipants", label: string) => (
    <TextField size="small" label={translate(label)} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} error={Boolean(errors[k])} helperText={errors[k]} />
  );
  const save = async () => {
    setBusy(true);
    setErrors({});
    const data = {
        title: f.title.trim(),
        description: f.description.trim(),
        date: f.date.trim(),
        time: f.time.trim(),
        endTime: f.endTime.trim() || null,
        timeZone: f.timeZone.trim(),
        organizerContact: f.organizerContact.trim(),
        maxParticipants: f.maxParticipants.trim() === "" ? null : Number(f.maxParticipants),
        visibility: f.visibility,
        approvalRequired: f.approvalRequired,
        enableOnboarding: f.enableOnboarding,
    };
    try {
      await update("events", { id: event.id, data, previousData: event });
      notify("tuesday.events.saved", { type: "success" });
    } catch (err) {
      setErrors(err instanceof ConsoleApiError ? err.errors : {});
      notify(errorMessage(err, "ra.notification.http_error"), { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          {text("title", "tuesday.events.name")}
          <TextField
            size="small"
            multiline
            minRows={3}
            label={translate("tuesday.events.description")}
            value={f.description}
            onChange={(e) => setF({ ...f, description: e.target.value })}
            error={Boolean(errors.description)}
            helperText={errors.description}
          />
          <Stack direction="row" spacing={2}>
            {text("date", "tuesday.events.date")}
            {text("time", "tuesday.events.time")}
            {text("endTime", "tuesday.events.endTime")}
          </Stack>
          {text("timeZone", "tuesday.events.timeZone")}
          {text("organizerContact", "tuesday.events.organizerContact")}
          {text("maxParticipants", "tuesday.events.maxParticipants")}
          <FormControlLabel
            control={<Checkbox checked={f.visibility === "PRIVATE"} onChange={(e) => setF({ ...f, visibility: e.target.checked ? "PRIVATE" : "PUBLIC" })} />}
            label={translate("tuesday.events.visibilities.PRIVATE")}
          />
          <FormControlLabel
            control={<Checkbox checked={f.approvalRequired} onChange={(e) => setF({ ...f, approvalRequired: e.target.checked })} />}
            label={translate("tuesday.events.approvalRequired")}
          />
          <FormControlLabel
            control={<Checkbox checked={f.enableOnboarding} onChange={(e) => setF({ ...f, enableOnboarding: e.target.checked })} />}
            label={translate("tuesday.events.enableOnboarding")}
          />
          <Box>
            <Button variant="contained" disabled={busy} onClick={() => void save()}>
              {translate("tuesday.events.save")}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function EventParticipants({ event }: { event: EventItem }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  const { data: items, error, refetch } = useGetList<ReportItem & { id: string }>("event-participants", {
    filter: { eventId: event.id },
    pagination: { page: 1, perPage: 1000 },
  });
  const decide = useMutation({
    mutationFn: ({ what, pid }: { what: "approve" | "reject" | "confirm-payment"; pid: string }) => dataProvider.decideEventParticipant(what, event.id, pid),
    onSuccess: (_, { what }) => {
      notify(what === "approve" ? "tuesday.events.approved" : what === "reject" ? "tuesday.events.rejected" : "tuesday.events.paymentConfirmed", { type: "success" });
      void refetch();
    },
    // The server's own message, in the console's language where it has one (a full event's 409).
    onError: (err) => notify(err instanceof ConsoleApiError && err.code === 1023 ? "tuesday.events.full" : message(err), { type: "error" }),
  });
  const act = (what: "approve" | "reject" | "confirm-payment", pid: string) => decide.mutate({ what, pid });

  if (error) return <Alert severity="error">{`${translate("tuesday.events.loadFailed")} ${message(error)}`}</Alert>;
  if (!items) return <LinearProgress />;
  const report = { items };
  if (report.items.length === 0) return <Typography color="text.secondary">{translate("tuesday.events.noParticipants")}</Typography>;
  return (
    <Table size="small" data-testid="console-event-participants">
      <TableHead>
        <TableRow>
          <TableCell>{translate("tuesday.events.name")}</TableCell>
          <TableCell>{translate("tuesday.events.status")}</TableCell>
          {event.paid ? <TableCell>{translate("tuesday.events.payment")}</TableCell> : null}
          <TableCell>{translate("tuesday.events.onboarding")}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {report.items.map((i) => (
          <TableRow key={i.participantId} data-testid={`participant-${i.participantId}`}>
            <TableCell>
              {i.firstName} {i.lastName}
              <Typography variant="caption" sx={{ display: "block" }} color="text.secondary">
                {i.email}
              </Typography>
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                color={i.status === "CONFIRMED" ? "success" : i.status === "PENDING" ? "warning" : "default"}
                label={translate(`tuesday.events.statuses.${i.status}`)}
              />
            </TableCell>
            {event.paid ? <TableCell>{i.paymentStatus}</TableCell> : null}
            <TableCell>{i.onboardingCompleted ? translate("tuesday.events.completed") : i.answers.length}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1}>
                {i.status === "PENDING" && i.pendingReason === "PAYMENT" ? (
                  <Button size="small" variant="contained" onClick={() => void act("confirm-payment", i.participantId)}>
                    {translate("tuesday.events.confirmPayment")}
                  </Button>
                ) : i.status === "PENDING" || i.status === "REJECTED" ? (
                  <Button size="small" variant="contained" onClick={() => void act("approve", i.participantId)}>
                    {translate("tuesday.events.approve")}
                  </Button>
                ) : null}
                {i.status === "PENDING" || i.status === "CONFIRMED" ? (
                  <Button size="small" color="error" onClick={() => void act("reject", i.participantId)}>
                    {translate("tuesday.events.reject")}
                  </Button>
                ) : null}
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EventStatistics({ eventId }: { eventId: string }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const { data: stats, error } = useQuery({ queryKey: ["events", "statistics", eventId], queryFn: () => dataProvider.getEventStatistics(eventId) });
  if (error) return <Alert severity="error">{message(error)}</Alert>;
  if (!stats) return <LinearProgress />;
  if (stats.questions.length === 0) return <Typography color="text.secondary">{translate("tuesday.events.noQuestions")}</Typography>;
  return (
    <Stack spacing={2} data-testid="console-event-statistics">
      <Typography>{translate("tuesday.events.respondents", { respondents: stats.respondents, completed: stats.completed })}</Typography>
      {stats.questions.map((q) => (
        <Card key={q.questionId} variant="outlined">
          <CardContent>
            <Typography variant="subtitle1">{q.text}</Typography>
            <Typography variant="caption" color="text.secondary">
              {translate("tuesday.events.answered", { count: q.answered, percent: Math.round(q.percent) })}
            </Typography>
            {q.options.map((o) => (
              <Box key={o.optionId} sx={{ mt: 1 }}>
                <Typography variant="body2">
                  {o.text}: {o.count} ({Math.round(o.percent)}%)
                </Typography>
                <LinearProgress variant="determinate" value={Math.min(100, o.percent)} />
              </Box>
            ))}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
