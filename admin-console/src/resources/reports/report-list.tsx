import { Button as MuiButton, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  useNotify,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { LocaleDateField } from "../../lib/locale-date-field.tsx";
import { useRefresh } from "../../lib/refresh.ts";

type Report = components["schemas"]["MemberReport"];
type Action = NonNullable<components["schemas"]["ReportAction"]>;
const ACTIONS: Action[] = ["DISMISS", "HIDE", "BLOCK"];

const person = (p: { firstName: string; lastName: string; email: string | null }) => `${p.firstName} ${p.lastName}`.trim() + (p.email ? ` · ${p.email}` : "");

function StatusChip() {
  const translate = useTranslate();
  const r = useRecordContext<Report>();
  if (!r) return null;
  return <Chip size="small" color={r.status === "OPEN" ? "warning" : "default"} label={translate(`tuesday.reports.statuses.${r.status}`)} />;
}

/** Dismiss, hide or block, each after a confirmation that says what it does. */
export function ResolveButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const r = useRecordContext<Report>();
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  if (!r || r.status !== "OPEN") return null;
  const confirm = async () => {
    if (!action) return;
    setBusy(true);
    try {
      await dataProvider.resolveReport(r.id, action);
      notify("tuesday.reports.done", { type: "info" });
      setAction(null);
      refresh();
    } catch (err) {
      notify(errorMessage(err, "tuesday.reports.failed"), { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }} onClick={(e) => e.stopPropagation()}>
        {ACTIONS.map((a) => (
          <MuiButton key={a} size="small" variant="outlined" color={a === "DISMISS" ? "inherit" : "error"} data-testid={`report-${a.toLowerCase()}`} onClick={() => setAction(a)}>
            {translate(`tuesday.reports.actions.${a}`)}
          </MuiButton>
        ))}
      </Stack>
      <Dialog open={action !== null} onClose={() => setAction(null)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{translate("tuesday.reports.confirmTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{action ? translate(`tuesday.reports.confirmBody.${action}`) : null}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setAction(null)}>{translate("tuesday.reports.cancel")}</MuiButton>
          <MuiButton variant="contained" color={action === "DISMISS" ? "primary" : "error"} disabled={busy} onClick={() => void confirm()}>
            {action ? translate(`tuesday.reports.actions.${action}`) : translate("tuesday.reports.confirm")}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Decision() {
  const translate = useTranslate();
  const r = useRecordContext<Report>();
  if (!r?.action) return null;
  return <span>{translate(`tuesday.reports.decided.${r.action}`)}</span>;
}

/** /reports: the community's member reports, open ones first by default (moderators and admins). */
export function ReportList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="tuesday.reports.status"
      alwaysOn
      choices={(["OPEN", "RESOLVED"] as const).map((s) => ({ id: s, name: translate(`tuesday.reports.statuses.${s}`) }))}
    />,
  ];
  return (
    <List filters={filters} filterDefaultValues={{ status: "OPEN" }} sort={{ field: "createdAt", order: "DESC" }} exporter={false} empty={false} title="tuesday.reports.title">
      <Datagrid rowClick="show" bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate("tuesday.reports.empty")}</Typography>}>
        <FunctionField label="tuesday.reports.reported" render={(r: Report) => person(r.reported)} />
        <FunctionField label="tuesday.reports.reason" render={(r: Report) => translate(`tuesday.reports.reasons.${r.reason}`)} />
        <FunctionField label="tuesday.reports.reporter" render={(r: Report) => person(r.reporter)} />
        <LocaleDateField source="createdAt" label="tuesday.reports.created" showTime sortable={false} />
        <FunctionField label="tuesday.reports.status" render={() => <StatusChip />} />
        <FunctionField label="tuesday.reports.action" render={() => <Decision />} />
        <FunctionField label="" render={() => <ResolveButtons />} />
      </Datagrid>
    </List>
  );
}

/** /reports/:id/show: one report, the member's state and the decision buttons. */
export function ReportShow() {
  const translate = useTranslate();
  return (
    <Show title="tuesday.reports.title" actions={false}>
      <SimpleShowLayout>
        <FunctionField label="tuesday.reports.reported" render={(r: Report) => person(r.reported)} />
        <FunctionField
          label="tuesday.reports.memberState"
          render={(r: Report) =>
            `${translate(`tuesday.reports.moderation.${r.reported.moderationStatus}`)} · ${translate(r.reported.profileEnabled ? "tuesday.reports.profileVisible" : "tuesday.reports.profileHidden")}`
          }
        />
        <FunctionField label="tuesday.reports.openReports" render={(r: Report) => String(r.reported.openReports)} />
        <FunctionField label="tuesday.reports.reason" render={(r: Report) => translate(`tuesday.reports.reasons.${r.reason}`)} />
        <FunctionField label="tuesday.reports.note" render={(r: Report) => r.note ?? translate("tuesday.reports.noNote")} />
        <FunctionField label="tuesday.reports.reporter" render={(r: Report) => person(r.reporter)} />
        <LocaleDateField source="createdAt" label="tuesday.reports.created" showTime />
        <FunctionField label="tuesday.reports.status" render={() => <StatusChip />} />
        <FunctionField label="tuesday.reports.action" render={() => <Decision />} />
        <LocaleDateField source="resolvedAt" label="tuesday.reports.resolvedAt" showTime emptyText="—" />
        <ResolveButtons />
      </SimpleShowLayout>
    </Show>
  );
}
