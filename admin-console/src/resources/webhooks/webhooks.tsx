import { Alert, Button as MuiButton, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField as MuiTextField, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import {
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberField,
  ReferenceManyField,
  required,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  CreateButton,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { LocaleDateField } from "../../lib/locale-date-field.tsx";
import { useRefresh } from "../../lib/refresh.ts";

type Endpoint = components["schemas"]["WebhookEndpoint"];
type Delivery = components["schemas"]["WebhookDelivery"] & { endpointId: string };
type EventType = components["schemas"]["WebhookEventType"];

// Keyed by the OpenAPI enum: a webhook event added to the API and missing here fails the typecheck
// (a plain array of the type let meeting.scheduled / meeting.cancelled go missing once).
const EVENT_TYPE_KEYS: Record<EventType, true> = {
  "member.joined": true,
  "member.approved": true,
  "member.rejected": true,
  "member.left": true,
  "event.created": true,
  "event.updated": true,
  "event.cancelled": true,
  "event.participation.updated": true,
  "intro.sent": true,
  "intro.accepted": true,
  "match.created": true,
  "meeting.feedback": true,
  "meeting.scheduled": true,
  "meeting.cancelled": true,
  "mailing.finished": true,
};
const EVENT_TYPES = Object.keys(EVENT_TYPE_KEYS) as EventType[];
const EVENT_CHOICES = EVENT_TYPES.map((t) => ({ id: t, name: t }));

function EventChips() {
  const endpoint = useRecordContext<Endpoint>();
  if (!endpoint) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: "wrap" }}>
      {endpoint.events.map((e) => (
        <Chip key={e} size="small" label={e} />
      ))}
    </Stack>
  );
}

/** The community's webhook endpoints; a row opens its settings and deliveries. */
export function WebhookList() {
  const translate = useTranslate();
  return (
    <Stack>
      <Alert severity="info" sx={{ mt: 1 }}>
        {translate("tuesday.webhooks.intro")}
      </Alert>
      <List
        resource="webhooks"
        title="tuesday.webhooks.title"
        actions={
          <TopToolbar>
            <CreateButton label="tuesday.webhooks.create" />
          </TopToolbar>
        }
        pagination={false}
        perPage={1000}
        sort={{ field: "createdAt", order: "DESC" }}
        empty={false}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <TextField source="url" label="tuesday.webhooks.url" />
          <TextField source="description" label="tuesday.webhooks.description" />
          <FunctionField<Endpoint> label="tuesday.webhooks.events" render={() => <EventChips />} />
          <FunctionField<Endpoint> label="tuesday.webhooks.status" render={(e) => translate(`tuesday.webhooks.statuses.${e.enabled ? "on" : "off"}`)} />
          <LocaleDateField source="createdAt" label="tuesday.webhooks.created" showTime />
        </Datagrid>
      </List>
    </Stack>
  );
}

/** Shown once after creation: the whsec_ secret, then on to the endpoint's page. */
function SecretDialog({ secret, onDone }: { secret: string; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open fullWidth maxWidth="sm">
      <DialogTitle>{translate("tuesday.webhooks.secretTitle")}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate("tuesday.webhooks.secretOnce")}
        </Alert>
        <MuiTextField fullWidth value={secret} slotProps={{ htmlInput: { readOnly: true, "data-testid": "new-webhook-secret", "aria-label": translate("tuesday.webhooks.secretTitle") } }} />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={() => void navigator.clipboard?.writeText(secret).then(() => notify("tuesday.webhooks.copied", { type: "info" }))}>
          {translate("tuesday.webhooks.copy")}
        </MuiButton>
        <MuiButton variant="contained" onClick={onDone}>
          {translate("tuesday.webhooks.done")}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

export function WebhookCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  return (
    <>
      <Create resource="webhooks" title="tuesday.webhooks.create" redirect={false} mutationOptions={{ onSuccess: (data: { id: string; secret: string }) => setCreated({ id: data.id, secret: data.secret }) }}>
        <SimpleForm>
          <TextInput source="url" label="tuesday.webhooks.url" type="url" validate={required()} fullWidth />
          <TextInput source="description" label="tuesday.webhooks.description" fullWidth />
          <CheckboxGroupInput source="events" label="tuesday.webhooks.events" choices={EVENT_CHOICES} validate={required()} row={false} />
        </SimpleForm>
      </Create>
      {created ? <SecretDialog secret={created.secret} onDone={() => redirect("edit", "webhooks", created.id)} /> : null}
    </>
  );
}

function SendTestButton() {
  const endpoint = useRecordContext<Endpoint>();
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const send = useMutation({
    mutationFn: (id: string) => dataProvider.sendWebhookTest(id),
    onSuccess: () => {
      notify("tuesday.webhooks.testSent", { type: "success" });
      refresh();
    },
    onError: (err) => notify(errorMessage(err, "tuesday.webhooks.failed"), { type: "error" }),
  });
  if (!endpoint) return null;
  return (
    <MuiButton variant="outlined" disabled={!endpoint.enabled || send.isPending} onClick={() => send.mutate(endpoint.id)}>
      {translate("tuesday.webhooks.sendTest")}
    </MuiButton>
  );
}

function ReplayButton() {
  const delivery = useRecordContext<Delivery>();
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const replay = useMutation({
    mutationFn: (d: Delivery) => dataProvider.replayWebhookDelivery(d.endpointId, d.id),
    onSuccess: () => {
      notify("tuesday.webhooks.replayed", { type: "success" });
      refresh();
    },
    onError: (err) => notify(errorMessage(err, "tuesday.webhooks.failed"), { type: "error" }),
  });
  if (!delivery) return null;
  return (
    <MuiButton size="small" disabled={replay.isPending} onClick={() => replay.mutate(delivery)}>
      {translate("tuesday.webhooks.replay")}
    </MuiButton>
  );
}

function Deliveries() {
  const translate = useTranslate();
  return (
    <Stack sx={{ p: 2, gap: 1 }}>
      <Typography variant="h6">{translate("tuesday.webhooks.deliveries")}</Typography>
      <ReferenceManyField reference="webhook-deliveries" target="endpointId" perPage={100} sort={{ field: "createdAt", order: "DESC" }}>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography>{translate("tuesday.webhooks.noDeliveries")}</Typography>}>
          <LocaleDateField source="createdAt" label="tuesday.webhooks.at" showTime />
          <TextField source="eventType" label="tuesday.webhooks.eventType" />
          <FunctionField<Delivery> label="tuesday.webhooks.deliveryStatus" render={(d) => translate(`tuesday.webhooks.deliveryStatuses.${d.status}`)} />
          <NumberField source="attempts" label="tuesday.webhooks.attempts" />
          <NumberField source="responseCode" label="tuesday.webhooks.responseCode" options={{ useGrouping: false }} />
          <NumberField source="latencyMs" label="tuesday.webhooks.latency" />
          <TextField source="error" label="tuesday.webhooks.error" emptyText="" />
          <ReplayButton />
        </Datagrid>
      </ReferenceManyField>
    </Stack>
  );
}

function DisabledReason() {
  const endpoint = useRecordContext<Endpoint>();
  const translate = useTranslate();
  if (!endpoint || endpoint.enabled || !endpoint.disabledReason) return null;
  return <Alert severity="warning">{`${translate("tuesday.webhooks.disabledReason")}: ${endpoint.disabledReason}`}</Alert>;
}

/** One endpoint: its settings (URL, events, on/off, delete), a test event, its deliveries with Replay. */
export function WebhookEdit() {
  return (
    <Edit
      resource="webhooks"
      title="tuesday.webhooks.title"
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <SendTestButton />
        </TopToolbar>
      }
      aside={undefined}
    >
      <SimpleForm>
        <DisabledReason />
        <TextInput source="url" label="tuesday.webhooks.url" type="url" validate={required()} fullWidth />
        <TextInput source="description" label="tuesday.webhooks.description" fullWidth />
        <CheckboxGroupInput source="events" label="tuesday.webhooks.events" choices={EVENT_CHOICES} validate={required()} row={false} />
        <BooleanInput source="enabled" label="tuesday.webhooks.enabled" />
      </SimpleForm>
      <Deliveries />
    </Edit>
  );
}
