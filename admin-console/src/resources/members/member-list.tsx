import { Datagrid, FunctionField, List, TextField } from "react-admin";
import type { StaffMember } from "../participants/participant-actions.tsx";
import { StatusChip, useStatusFilters } from "../participants/participant-list.tsx";
import { LocaleDateField } from "../../lib/locale-date-field.tsx";

/** Members CRM: every member; a row opens the member's timeline. */
export function MemberList() {
  return (
    <List title="tuesday.members.title" filters={useStatusFilters()} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FunctionField source="fullName" label="tuesday.participants.name" render={(r: StaffMember) => `${r.firstName} ${r.lastName}`.trim()} />
        <TextField source="email" label="tuesday.participants.email" />
        <TextField source="company" label="tuesday.participants.company" />
        <FunctionField source="moderationStatus" label="tuesday.participants.status" render={() => <StatusChip />} />
        <LocaleDateField source="createdAt" label="tuesday.participants.joined" />
      </Datagrid>
    </List>
  );
}
