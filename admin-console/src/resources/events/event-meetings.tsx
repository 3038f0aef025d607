import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { ConsoleApiError } from "../../api.ts";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";

type EventItem = components["schemas"]["Event"];
type Setup = components["schemas"]["EventMeetingSetup"];

/** The UTC instant of wall-clock `date` `time` in `timeZone` (two passes settle a DST change). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  const offsetAt = (t: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
        .formatToParts(new Date(t))
        .map((p) => [p.type, p.value]),
    );
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) - t;
  };
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  return new Date(t);
}

const clockIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
const timeIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", day: "2-digit", month: "2-digit" }).format(new Date(iso));

/** The event's 1:1 meetings: slots with counts, and the organizers' editor for slots and tables (PUT /event/{id}/meeting-setup). */
export function EventMeetings({ event }: { event: EventItem }) {
  const dataProvider = useConsoleDataProvider();
  const { data, error } = useQuery({ queryKey: ["events", "meeting-setup", event.id], queryFn: () => dataProvider.getMeetingSetup(event.id) });
  if (error) return <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert>;
  if (!data) return <LinearProgress />;
  return <MeetingSetupView event={event} setup={data} />;
}

function MeetingSetupView({ event, setup }: { event: EventItem; setup: Setup }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useConsoleDataProvider();
  const first = setup.slots[0];
  const minutes = (a: string, b: string) => Math.round((new Date(b).getTime() - new Date(a).getTime()) / 60_000);
  const [f, setF] = useState({
    start: first ? timeIn(first.startsAt, event.timeZone).slice(-5) : event.time,
    length: first ? String(minutes(first.startsAt, first.endsAt)) : "20",
    gap: setup.slots[1] && first ? String(minutes(first.endsAt, setup.slots[1].startsAt)) : "5",
    count: String(setup.slots.length || 8),
    tables: setup.tables.map((t) => t.name).join("\n"),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => {
      const base = zonedInstant(event.date, f.start.trim(), event.timeZone).getTime();
      const length = Number(f.length) * 60_000;
      const step = length + Number(f.gap) * 60_000;
      const slots = Array.from({ length: Math.max(0, Math.min(200, Number(f.count) || 0)) }, (_, i) => ({
        startsAt: new Date(base + i * step).toISOString(),
        endsAt: new Date(base + i * step + length).toISOString(),
      }));
      const tables = f.tables.split("\n").map((t) => t.trim()).filter(Boolean);
      return dataProvider.saveMeetingSetup(event.id, { slots, tables });
    },
    onSuccess: (saved) => {
      setErrors({});
      queryClient.setQueryData(["events", "meeting-setup", event.id], saved);
      notify("tuesday.events.meetings.saved", { type: "success" });
    },
    onError: (err) => {
      setErrors(err instanceof ConsoleApiError ? err.errors : {});
      notify(errorMessage(err, "ra.notification.http_error"), { type: "error" });
    },
  });
  const field = (k: "start" | "length" | "gap" | "count", label: string) => (
    <TextField size="small" label={translate(label)} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} sx={{ width: 200 }} />
  );
  return (
    <Stack spacing={2} data-testid="console-event-meetings">
      {!setup.networking ? <Alert severity="info">{translate("tuesday.events.meetings.networkingOff")}</Alert> : null}
      <Typography>{translate("tuesday.events.meetings.requests", setup.requests)}</Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1">{translate("tuesday.events.meetings.slots")}</Typography>
          {setup.slots.length === 0 ? (
            <Typography color="text.secondary">{translate("tuesday.events.meetings.noSlots")}</Typography>
          ) : (
            <Table size="small" data-testid="console-meeting-slots">
              <TableHead>
                <TableRow>
                  <TableCell>{translate("tuesday.events.meetings.start")}</TableCell>
                  <TableCell>{translate("tuesday.events.meetings.end")}</TableCell>
                  <TableCell align="right">{translate("tuesday.events.meetings.booked")}</TableCell>
                  <TableCell align="right">{translate("tuesday.events.meetings.tablesFree")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {setup.slots.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{timeIn(s.startsAt, event.timeZone)}</TableCell>
                    <TableCell>{clockIn(s.endsAt, event.timeZone)}</TableCell>
                    <TableCell align="right">{s.accepted}</TableCell>
                    <TableCell align="right">{s.tablesFree ?? "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <Typography variant="subtitle1">{translate("tuesday.events.meetings.generate")}</Typography>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
              {field("start", "tuesday.events.meetings.firstStart")}
              {field("length", "tuesday.events.meetings.length")}
              {field("gap", "tuesday.events.meetings.gap")}
              {field("count", "tuesday.events.meetings.count")}
            </Box>
            <TextField
              multiline
              minRows={3}
              size="small"
              label={translate("tuesday.events.meetings.tables")}
              value={f.tables}
              onChange={(e) => setF({ ...f, tables: e.target.value })}
              error={Boolean(errors.tables)}
              helperText={errors.tables ?? translate("tuesday.events.meetings.keepNote")}
            />
            <Box>
              <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()} data-testid="console-meetings-save">
                {translate("tuesday.events.meetings.save")}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
