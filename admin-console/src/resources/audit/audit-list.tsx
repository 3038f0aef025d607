import { Box } from "@mui/material";
import type { components } from "@tuesday/api-client";
import type { ReactElement } from "react";
import {
  Datagrid,
  DatagridBody,
  type DatagridBodyProps,
  DatagridRow,
  type DatagridRowProps,
  DateField,
  defaultExporter,
  ExportButton,
  List,
  TextInput,
  TopToolbar,
  useLocale,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { diff } from "../../lib/diff.ts";

type AuditEvent = components["schemas"]["AuditEvent"];

const show = (v: unknown) => (v === undefined ? "—" : JSON.stringify(v));
/** Who acted, as people read it: a user's name and e-mail (their id only when both are gone). */
const actorOf = (e: AuditEvent) => {
  const a = e.actor;
  if (a.kind === "user") {
    if (a.name && a.email) return `${a.name} <${a.email}>`;
    return a.name ?? a.email ?? a.userId ?? "—";
  }
  return `${a.kind}${a.label ? ` (${a.label})` : ""}`;
};

// `label` is read by the Datagrid for the column header.
function ActorField(_props: { label: string }) {
  const e = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!e) return null;
  if (e.actor.kind === "user") return <span data-testid="audit-actor">{actorOf(e)}</span>;
  return (
    <span data-testid="audit-actor">
      {translate(e.actor.kind === "operator" ? "tuesday.audit.byOperator" : "tuesday.audit.bySystem")}
      {e.actor.label ? ` · ${e.actor.label}` : ""}
    </span>
  );
}

/** A catalogue key for an audit code: `event.meeting_setup.save` -> `event_meeting_setup_save`. */
const codeKey = (code: string) => code.replace(/\./g, "_");

/**
 * The action as people read it, in the console's language, with its code under it (what the
 * action filter and the CSV take). An action the catalogue does not know yet shows its code alone.
 */
function ActionField(_props: { label: string }) {
  const e = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!e) return null;
  const label = translate(`tuesday.audit.actions.${codeKey(e.action)}`, { _: e.action });
  return (
    <span data-testid="audit-action">
      {label}
      {label !== e.action && (
        <Box component="span" sx={{ display: "block", fontFamily: "monospace", fontSize: 12, color: "text.secondary" }}>
          {e.action}
        </Box>
      )}
    </span>
  );
}

/** The target's kind in the console's language, and its id. */
function TargetField(_props: { label: string }) {
  const e = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!e) return null;
  const kind = translate(`tuesday.audit.targets.${codeKey(e.target.type)}`, { _: e.target.type });
  return (
    <span data-testid="audit-target">
      {kind}
      {e.target.id && (
        <Box component="span" sx={{ display: "block", fontFamily: "monospace", fontSize: 12, color: "text.secondary", wordBreak: "break-all" }}>
          {e.target.id}
        </Box>
      )}
    </span>
  );
}

/** One change as a diff of before and after, shown when its row is opened. */
function AuditDiff() {
  const e = useRecordContext<AuditEvent>();
  if (!e) return null;
  return (
    <Box sx={{ p: 1, fontFamily: "monospace", fontSize: 13 }} data-testid="audit-diff">
      {diff(e.before, e.after).map((c) => (
        <div key={c.path}>
          <b>{c.path}</b>: <span style={{ color: "#c92a2a", textDecoration: "line-through" }}>{show(c.before)}</span> →{" "}
          <span style={{ color: "#2b8a3e" }}>{show(c.after)}</span>
        </div>
      ))}
    </Box>
  );
}

function useFilters(): ReactElement[] {
  const translate = useTranslate();
  return [
    <TextInput key="action" source="action" label="tuesday.audit.action" helperText={translate("tuesday.audit.actionHint")} alwaysOn />,
    <TextInput key="targetType" source="targetType" label="tuesday.audit.targetType" />,
    <TextInput key="targetId" source="targetId" label="tuesday.audit.targetId" />,
  ];
}

/** The CSV: one line per event, its before and after as JSON. */
const exporter = (events: AuditEvent[]) =>
  defaultExporter(
    events.map((e) => ({
      id: e.id,
      createdAt: e.createdAt,
      action: e.action,
      targetType: e.target.type,
      targetId: e.target.id ?? "",
      actor: actorOf(e),
      before: e.before === undefined ? "" : JSON.stringify(e.before),
      after: e.after === undefined ? "" : JSON.stringify(e.after),
    })),
    () => Promise.resolve({}),
    undefined as never,
    "audit",
  );

const AuditRow = (props: DatagridRowProps) => <DatagridRow {...props} data-testid="audit-row" />;
const AuditBody = (props: DatagridBodyProps) => <DatagridBody {...props} row={<AuditRow />} />;

function EmptyAudit() {
  const translate = useTranslate();
  return <Box sx={{ p: 2, color: "text.secondary" }}>{translate("tuesday.audit.empty")}</Box>;
}

/** The community's audit log, newest first: who changed what; a row opens its change as a diff. */
export function AuditList() {
  // Dates in the console's language, not the browser's.
  const locale = useLocale();
  return (
    <List
      title="tuesday.audit.title"
      filters={useFilters()}
      perPage={50}
      exporter={exporter}
      actions={
        <TopToolbar>
          <ExportButton maxResults={1000} />
        </TopToolbar>
      }
      empty={false}
    >
      <Datagrid rowClick="expand" expand={<AuditDiff />} bulkActionButtons={false} body={<AuditBody />} empty={<EmptyAudit />}>
        <DateField source="createdAt" label="tuesday.audit.when" showTime sortable={false} locales={locale} />
        <ActionField label="tuesday.audit.action" />
        <TargetField label="tuesday.audit.target" />
        <ActorField label="tuesday.audit.actor" />
      </Datagrid>
    </List>
  );
}
