import { Chip, Stack } from "@mui/material";
import {
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { LocaleDateField } from "../../lib/locale-date-field.tsx";
import { InviteButton } from "./invite-button.tsx";
import { AccountButton, BulkActions, ExportCsvButton, ModerationButtons, type StaffMember, ToggleSwitch } from "./participant-actions.tsx";

const STATUSES = ["pending", "confirmed", "rejected"] as const;

export function StatusChip() {
  const record = useRecordContext<StaffMember>();
  const translate = useTranslate();
  if (!record) return null;
  const color = record.moderationStatus === "confirmed" ? "success" : record.moderationStatus === "rejected" ? "error" : "warning";
  return <Chip size="small" color={color} label={translate(`tuesday.participants.statuses.${record.moderationStatus}`)} data-testid={`status-${record.id}`} />;
}

export function useStatusFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("tuesday.participants.search")} />,
    <SelectInput
      key="status"
      source="moderationStatus"
      label="tuesday.participants.status"
      alwaysOn
      choices={STATUSES.map((s) => ({ id: s, name: `tuesday.participants.statuses.${s}` }))}
    />,
  ];
}

const fullName = (r: StaffMember) => `${r.firstName} ${r.lastName}`.trim();

/** The moderation queue: confirm / reject with a reason, toggles, search, status filter, bulk confirm / reject / switches, CSV export of every match. */
export function ParticipantList() {
  return (
    <List
      title="tuesday.participants.title"
      filters={useStatusFilters()}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={20}
      actions={
        <TopToolbar>
          <FilterButton />
          <InviteButton />
          <ExportCsvButton />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={<BulkActions />} rowClick={false}>
        <FunctionField source="fullName" label="tuesday.participants.name" render={(r: StaffMember) => fullName(r)} />
        <TextField source="email" label="tuesday.participants.email" />
        <FunctionField source="moderationStatus" label="tuesday.participants.status" render={() => <StatusChip />} />
        <LocaleDateField source="createdAt" label="tuesday.participants.joined" />
        <FunctionField label="tuesday.participants.profile" render={() => <ToggleSwitch what="profile" />} />
        <FunctionField label="tuesday.participants.networking" render={() => <ToggleSwitch what="networking" />} />
        <FunctionField
          label=""
          render={() => (
            <Stack direction="row" sx={{ alignItems: "center" }}>
              <ModerationButtons />
              <AccountButton />
            </Stack>
          )}
        />
      </Datagrid>
    </List>
  );
}
